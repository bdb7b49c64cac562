// The process's copy of what every GET /tutor carries alike (title thresholds, weekly
// announcements): read once, served until it is too old or a write through this server drops it,
// and never kept when a write came while it was being read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTutorReferenceDataCache } from '../src/modules/tutors/reference-data.ts';
import { insertTitleThresholds, insertWeeklyAnnouncements } from '../src/seed/fixtures.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

const MAX_AGE_MS = 30_000;

describe('the tutor reference data of the process', () => {
  let database: TestDatabase;
  let week = 0;
  /** A new weekly announcement, each one newer than the last. */
  const publish = async () => {
    week += 1;
    await insertWeeklyAnnouncements(database.handle.db, [
      {
        title: `Week ${week}`,
        content: `<p>Tips for week ${week}.</p>`,
        createdAt: new Date(Date.UTC(2026, 8, 1 + 7 * week)),
      },
    ]);
  };
  const titles = (data: { weeklyAnnouncements: Array<{ title: string }> }) =>
    data.weeklyAnnouncements.map((announcement) => announcement.title);

  beforeAll(async () => {
    database = await openTestDatabase();
    await insertTitleThresholds(database.handle.db, [
      { title: 'Mentor', minMinutes: 6000 },
      { title: 'Tutor', minMinutes: 600 },
    ]);
    await publish();
  });
  afterAll(() => database.dispose());

  function cacheWithClock() {
    let clockMs = 0;
    const cache = createTutorReferenceDataCache(database.handle.db, {
      maxAgeMs: MAX_AGE_MS,
      clock: () => clockMs,
    });
    return { cache, advance: (ms: number) => (clockMs += ms) };
  }

  it('reads thresholds lowest first and announcements newest first, as GET /tutor shows them', async () => {
    const { cache } = cacheWithClock();
    await publish();
    const data = await cache.get();
    expect(data.thresholds).toEqual([
      { title: 'Tutor', minMinutes: 600 },
      { title: 'Mentor', minMinutes: 6000 },
    ]);
    expect(titles(data).slice(0, 2)).toEqual([`Week ${week}`, `Week ${week - 1}`]);
    expect(data.weeklyAnnouncements[0]).toEqual({
      id: expect.any(String),
      title: `Week ${week}`,
      content: `<p>Tips for week ${week}.</p>`,
      created_at: new Date(Date.UTC(2026, 8, 1 + 7 * week)).toISOString(),
    });
  });

  it('serves its copy until it is older than its limit, then reads again', async () => {
    const { cache, advance } = cacheWithClock();
    const first = await cache.get();
    await publish();
    advance(MAX_AGE_MS - 1);
    expect(await cache.get()).toBe(first);
    advance(1);
    expect(titles(await cache.get())[0]).toBe(`Week ${week}`);
  });

  it('reads again at once after invalidate (a write through the integration API)', async () => {
    const { cache } = cacheWithClock();
    await cache.get();
    await publish();
    cache.invalidate();
    expect(titles(await cache.get())[0]).toBe(`Week ${week}`);
  });

  it('shares one read among requests that ask at the same time', async () => {
    const { cache } = cacheWithClock();
    const [a, b, c] = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('does not keep a read that a write overtook', async () => {
    const { cache } = cacheWithClock();
    const overtaken = cache.get();
    cache.invalidate();
    await publish();
    await overtaken;
    // The read started before the write may or may not include it; the next one must.
    expect(titles(await cache.get())[0]).toBe(`Week ${week}`);
  });
});
