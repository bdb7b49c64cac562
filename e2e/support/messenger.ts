import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { GoogleAccount } from './googleSignIn';

/** The other seeded tutor (apps/server README): Noah and Zoe are his students, not Maya's. */
export const jordan: GoogleAccount = {
  email: 'jordan.lee@tutoring.example.org',
  displayName: 'Jordan Lee',
};

export interface SeededStudent {
  id: string;
  First_Name: string;
  Last_Name: string;
  Guardian_First_Name: string;
  Guardian_Last_Name: string;
  studentTwilio: string;
}

/**
 * The signed-in tutor's students, from GET /api/tutor with the ID token the portal keeps in local
 * storage (§3 'idToken'): the seed's record ids are random, so tests look them up.
 */
export async function signedInTutorStudents(page: Page): Promise<SeededStudent[]> {
  const tutor = await page.evaluate(async () => {
    const response = await fetch('/api/tutor', {
      headers: { Authorization: `Bearer ${localStorage.getItem('idToken') ?? ''}` },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(tutor.status).toBe(200);
  return (tutor.body as { correspondents: SeededStudent[] }).correspondents;
}

export function studentNamed(students: SeededStudent[], firstName: string): SeededStudent {
  const student = students.find((candidate) => candidate.First_Name === firstName);
  if (!student) throw new Error(`No seeded student named ${firstName}`);
  return student;
}

export interface OutboundText {
  from: string;
  to: string;
  body: string;
  sentAt: string;
}

/** GET /api/dev/sms/outbox: the texts the dev SMS provider "sent", newest first. */
export async function smsOutbox(request: APIRequestContext): Promise<OutboundText[]> {
  const response = await request.get('/api/dev/sms/outbox');
  expect(response.status()).toBe(200);
  return (await response.json()) as OutboundText[];
}

/** POST /api/dev/sms/inbound: a guardian's reply, through the same code path as Twilio's webhook. */
export async function postGuardianReply(
  request: APIRequestContext,
  studentId: string,
  body: string,
): Promise<void> {
  const response = await request.post('/api/dev/sms/inbound', { data: { studentId, body } });
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ status: 'stored' });
}

/**
 * Makes the page report itself hidden or visible, as when the tutor switches tabs or minimises
 * the window, and fires visibilitychange as the browser would. (Headless Chromium keeps every
 * page visible, so the Page Visibility API is emulated.)
 */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

/** Counts the page's requests to POST /api/tutor/messages (opening and polling a chat). */
export function countConversationRequests(page: Page) {
  const counter = { count: 0, reset: () => (counter.count = 0) };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tutor/messages') {
      counter.count += 1;
    }
  });
  return counter;
}

/**
 * The dashboard's new-announcement popup (§2, 2 s after loading, once per new announcement) can
 * open over whatever a test does next: close it whenever it shows up.
 */
export async function closeNewAnnouncementPopupWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'New Announcement' }), () =>
    page.keyboard.press('Escape'),
  );
}

/**
 * POST /api/dev/sms/status: a delivery outcome of a tutor's text, through the same code path as
 * Twilio's status callback.
 */
export async function reportDelivery(
  request: APIRequestContext,
  messageId: string,
  status: 'delivered' | 'undelivered' | 'failed',
): Promise<void> {
  const response = await request.post('/api/dev/sms/status', { data: { messageId, status } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'applied' });
}
