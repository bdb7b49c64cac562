// What every tutor's GET /tutor carries alike: the title thresholds and the latest weekly
// announcements, kept in the process (shared-read-cache.ts) instead of read in every profile
// query: they were a quarter of that query's cost in PostgreSQL under `pnpm bench:api`, for rows
// that change a few times a week. A write of weekly announcements through the integration API
// drops the copy.
import { createHash } from 'node:crypto';
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
    const weeklyAnnouncements = announcements.map((announcement) => ({
      id: announcement.id,
      title: announcement.title,
      content: announcement.content,
      created_at: announcement.createdAt.toISOString(),
    }));
    // Once per read, not per request: GET /tutor's ETag carries it (tutor-etag.ts).
    const digest = createHash('sha1')
      .update(JSON.stringify([thresholds, weeklyAnnouncements]))
      .digest('base64url');
    return { thresholds, weeklyAnnouncements, digest };
  }, options);
}
