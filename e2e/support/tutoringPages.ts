import { expect, type Page } from '@playwright/test';
import type { GoogleAccount } from './googleSignIn';

/** The second seeded tutor (apps/server README): Noah and Zoe are his students, not Maya's. */
export const jordanLee: GoogleAccount = {
  email: 'jordan.lee@tutoring.example.org',
  displayName: 'Jordan Lee',
};

export interface SeededCorrespondent {
  /** Record id: the `studentId` of the pathway route and callables. */
  id: string;
  Student_ID: string;
  First_Name: string;
  grade: string;
  Tutoring_Code: string;
}

/** The signed-in portal's ID token (§3: kept in local storage as 'idToken'). */
function storedIdToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('idToken') ?? '');
}

/**
 * The signed-in tutor's students, from GET /api/tutor with the portal's own ID token: the seed's
 * record ids are random, so tests look them up.
 */
export async function signedInCorrespondents(page: Page): Promise<SeededCorrespondent[]> {
  const token = await storedIdToken(page);
  const answer = await page.request.get('/api/tutor', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { correspondents: SeededCorrespondent[] }).correspondents;
}

export function correspondentNamed(
  students: readonly SeededCorrespondent[],
  firstName: string,
): SeededCorrespondent {
  const student = students.find((candidate) => candidate.First_Name === firstName);
  if (!student) throw new Error(`No seeded student named ${firstName}`);
  return student;
}

/** The HTTP status getStudentPathway answers the signed-in tutor for a student id. */
export async function getStudentPathwayStatus(page: Page, studentId: string): Promise<number> {
  const token = await storedIdToken(page);
  const answer = await page.request.post('/api/functions/getStudentPathway', {
    headers: { Authorization: `Bearer ${token}` },
    data: { data: { studentId } },
  });
  return answer.status();
}

export function learningHubPath(studentId: string): string {
  return `/tutoring/learning-pathway/${encodeURIComponent(studentId)}`;
}

/** What the page's clipboard holds (the context must have been granted clipboard-read). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}
