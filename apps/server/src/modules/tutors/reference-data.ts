// What every tutor's GET /tutor carries alike: the title thresholds and the latest weekly
// announcements. Read from the database once and kept in the process for a short while instead of
// on every request: they were a quarter of the profile query's cost in PostgreSQL (`pnpm
// bench:api`), for rows that change a few times a week.
//
// Freshness: a write through this server's integration API (weekly announcements) drops the copy
// at once, so the next GET /tutor reads them again. Writes this process does not see (another
// server instance, the CSV import command, SQL by hand) show within MAX_AGE_MS.
import type { components } from '@tutoring/api/schema';
import type { Database } from '../../db/open.ts';
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

export interface TutorReferenceDataCache {
  get(): Promise<TutorReferenceData>;
  /** Forgets the copy: the next get() reads the database (after a write of weekly announcements). */
  invalidate(): void;
}

/** How long a copy serves when no write of this process dropped it. */
export const REFERENCE_DATA_MAX_AGE_MS = 30_000;

export function createTutorReferenceDataCache(
  db: Database,
  options: { maxAgeMs?: number; clock?: () => number } = {},
): TutorReferenceDataCache {
  const maxAgeMs = options.maxAgeMs ?? REFERENCE_DATA_MAX_AGE_MS;
  // A monotonic clock, not the app's `now` (tests move that one to other days).
  const clock = options.clock ?? (() => performance.now());
  let copy: { data: TutorReferenceData; readAt: number } | undefined;
  let reading: Promise<TutorReferenceData> | undefined;
  // Bumped by invalidate(): a read that started before a write must not be kept as fresh.
  let generation = 0;

  async function read(): Promise<TutorReferenceData> {
    const startedAt = clock();
    const startedGeneration = generation;
    const [thresholds, announcements] = await Promise.all([
      findTitleThresholds(db),
      findLatestWeeklyAnnouncements(db),
    ]);
    const data: TutorReferenceData = {
      thresholds,
      weeklyAnnouncements: announcements.map((announcement) => ({
        id: announcement.id,
        title: announcement.title,
        content: announcement.content,
        created_at: announcement.createdAt.toISOString(),
      })),
    };
    if (startedGeneration === generation) copy = { data, readAt: startedAt };
    return data;
  }

  return {
    get() {
      if (copy && clock() - copy.readAt < maxAgeMs) return Promise.resolve(copy.data);
      if (reading) return reading;
      // Concurrent requests after expiry share one read.
      const pending = read().finally(() => {
        if (reading === pending) reading = undefined;
      });
      reading = pending;
      return pending;
    },
    invalidate() {
      generation += 1;
      copy = undefined;
      reading = undefined;
    },
  };
}
