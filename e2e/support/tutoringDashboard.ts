import { expect, type Page, type Request } from '@playwright/test';
import type { GoogleAccount } from './googleSignIn';

/** The seeded tutor without a new announcement and without an availability form of his own. */
export const jordan: GoogleAccount = {
  email: 'jordan.lee@tutoring.example.org',
  displayName: 'Jordan Lee',
};

/** The three calls the dashboard makes as soon as the token exists. */
export const dashboardDataPaths = ['/api/tutor', '/api/portal-announcement', '/api/action-item'];

export function isDashboardDataRequest(request: Request): boolean {
  return request.method() === 'GET' && dashboardDataPaths.includes(new URL(request.url()).pathname);
}

/**
 * Resolves once each of the dashboard's three data requests has been answered, counting from the
 * call: call it before the page (re)loads the dashboard.
 */
export function dashboardDataAnswered(page: Page): Promise<void> {
  const pending = new Set(dashboardDataPaths);
  return new Promise((resolve) => {
    const answered = (request: Request) => {
      if (!isDashboardDataRequest(request)) return;
      pending.delete(new URL(request.url()).pathname);
      if (pending.size > 0) return;
      page.off('requestfinished', answered);
      resolve();
    };
    page.on('requestfinished', answered);
  });
}

/**
 * Records, in the order the browser reports them, when each dashboard data request starts and
 * finishes, e.g. ['start /api/tutor', 'start /api/action-item', 'end /api/action-item', ...].
 */
export function recordDashboardRequests(page: Page): string[] {
  const events: string[] = [];
  const pathOf = (request: Request) => new URL(request.url()).pathname;
  page.on('request', (request) => {
    if (isDashboardDataRequest(request)) events.push(`start ${pathOf(request)}`);
  });
  page.on('requestfinished', (request) => {
    if (isDashboardDataRequest(request)) events.push(`end ${pathOf(request)}`);
  });
  return events;
}

/**
 * Answers GET /api/tutor with the real server's answer, but with `hasNewAnnouncement` forced to
 * true: the server clears the flag for good once any test has seen the popup, so tests that need
 * it set it here rather than depend on which test ran first.
 */
export async function forceNewAnnouncement(page: Page): Promise<void> {
  await page.route('**/api/tutor', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const tutor = (await response.json()) as Record<string, unknown>;
    return route.fulfill({ response, json: { ...tutor, hasNewAnnouncement: true } });
  });
}

/** The real server's GET /api/tutor answer, from the bearer token the portal stored. */
export async function fetchTutor(page: Page): Promise<{
  hasNewAnnouncement: boolean;
  Tutor_ID: string;
  stats: {
    currentStudents: number;
    sessions: number;
    last30DaysTutoringHours: number;
    hoursUntilPromotion: number | null;
    currentTitle: string | null;
    capacity: number;
  };
  correspondents: { First_Name: string; Last_Name: string; lastSession: number | null }[];
  weeklyAnnouncements: { title: string; content: string; created_at: string }[];
}> {
  const token = await page.evaluate(() => localStorage.getItem('idToken'));
  expect(token).toBeTruthy();
  const response = await page.request.get('/api/tutor', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The portal's 'Xh Ym' for a number of hours (the stat cards' format). */
export function hoursLabel(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours) || hours <= 0) return '0h 0m';
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
