// What every tutor's GET /tutor carries alike: the title thresholds and the latest weekly
// announcements, kept in the process (shared-read-cache.ts) instead of read in every profile
// query: they were a quarter of that query's cost in PostgreSQL under `pnpm bench:api`, for rows
// that change a few times a week. A write of weekly announcements through the integration API
// drops the copy.
import type { Database } from '../../db/open.ts';
import { createSharedReadCache } from '../../db/shared-read-cache.ts';
import type { TutorReferenceDataCache } from '../../http/route-context.ts';
import { findLatestWeeklyAnnouncements, findTitleThresholds } from './queries.ts';

export function createTutorReferenceDataCache(
  db: Database,
  options?: { maxAgeMs?: number; clock?: () => number },
): TutorReferenceDataCache {
  return createSharedReadCache(async () => {
    const [thresholds, announcements] = await Promise.all([
      findTitleThresholds(db),
      findLatestWeeklyAnnouncements(db),
    ]);
    return {
      thresholds,
      weeklyAnnouncements: announcements.map((announcement) => ({
        id: announcement.id,
        title: announcement.title,
        content: announcement.content,
        created_at: announcement.createdAt.toISOString(),
      })),
    };
  }, options);
}
