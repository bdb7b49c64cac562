// What every tutor's GET /tutor carries alike: the title thresholds and the latest weekly
// announcements, kept in the process (shared-read-cache.ts) instead of read in every profile
// query: they were a quarter of that query's cost in PostgreSQL under `pnpm bench:api`, for rows
// that change a few times a week. A write of weekly announcements through the integration API
// drops the copy.
import type { components } from '@tutoring/api/schema';
import type { Database } from '../../db/open.ts';
import { createSharedReadCache, type SharedReadCache } from '../../db/shared-read-cache.ts';
import {
  findLatestWeeklyAnnouncements,
  findTitleThresholds,
  type TitleThresholdRow,
} from './queries.ts';

type WeeklyAnnouncementResponse = components['schemas']['Tutor']['weeklyAnnouncements'][number];

export interface TutorReferenceData {
  /** Lowest first. */
  thresholds: TitleThresholdRow[];
  /** Newest first, as GET /tutor answers them. */
  weeklyAnnouncements: WeeklyAnnouncementResponse[];
}

export type TutorReferenceDataCache = SharedReadCache<TutorReferenceData>;

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
