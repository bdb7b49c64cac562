// The one in-memory database behind every MSW handler. A story or test makes one, optionally
// seeded with a scenario of fixtures.ts, and hands it to createHandlers({ db }): what one call
// changes (an announcement read, a task completed, a text sent, a lesson completed) every other
// call sees. It is plain data: read it, or change it, between calls.

import type { components } from '../schema';
import {
  actionItems,
  defaultNotificationSettings,
  fixtureNow,
  learningPathwaysByStudentId,
  messagesByStudentId,
  onboardingTutorSam,
  portalAnnouncements,
  readAnnouncementIds,
  readMarksByStudentId,
  tutorMaya,
} from './fixtures';
import { withSummary } from './inbox';
import type { MockDb, MockDbSeed } from './types';

type Schemas = components['schemas'];

/** What the default mock translation provider knows, in Spanish. */
const spanishPhrasebook: Record<string, string> = {
  'See you Monday at 4!': '¡Nos vemos el lunes a las 4!',
  'Carla did great today.': 'Carla lo hizo muy bien hoy.',
};

/**
 * A fresh database: the default fixtures (Maya Chen and her students, three portal announcements
 * with one read, three action items, Sam Rivera as the applicant) with `seed` laid over them key
 * by key (`null` counts, `undefined` does not). Everything is deep-cloned, so two databases, or a
 * database and the fixtures, never share an object. The tutor's correspondents then carry what
 * the db's conversations and read marks decide of them (see `answeredStudent`).
 */
export function createMockDb(seed: MockDbSeed = {}): MockDb {
  const given = Object.fromEntries(
    Object.entries(seed).filter(([, value]) => value !== undefined),
  ) as MockDbSeed;
  const tutor = given.tutor === undefined ? tutorMaya : given.tutor;
  const defaults: MockDb = {
    tutor,
    applicant: onboardingTutorSam,
    conversations: messagesByStudentId,
    readMarks: readMarksByStudentId,
    deliveryStatus: 'queued',
    failureCodes: { undelivered: '30003', failed: '30007' },
    sentMessageCount: 0,
    translationFails: false,
    translations: spanishPhrasebook,
    portalAnnouncements,
    readAnnouncementIds,
    announcementReadAt: {},
    latestViewedAnnouncement: tutor?.latestViewedAnnouncement ?? null,
    actionItems,
    pathways: learningPathwaysByStudentId,
    sentSignInLinks: [],
    registrations: [],
    now: fixtureNow,
    optOutRefusals: {},
    holdTextsUntil: null,
    cancelledMessageIds: [],
    // E-mail notifications go to the signed-in tutor's own address.
    notificationSettings: { ...defaultNotificationSettings, email: tutor?.email ?? '' },
    phoneVerification: null,
    phoneCodesSent: 0,
  };
  const db = structuredClone({ ...defaults, ...given });
  // What a seed's students say of their conversations gives way to the conversations themselves.
  if (db.tutor) {
    db.tutor.correspondents = db.tutor.correspondents.map((student) =>
      answeredStudent(db, student),
    );
  }
  return db;
}

/**
 * The student as GET /tutor and the chat answer it: Last_Message, Last_Message_By, unreadCount,
 * lastMessage and needsAttention computed from the db's conversation and read mark, textOptOut
 * and helpRequestedAt from the conversation and the texts refused as opted out.
 */
export function answeredStudent(db: MockDb, student: Schemas['Student']): Schemas['Student'] {
  return withSummary(
    student,
    db.conversations[student.id] ?? [],
    db.readMarks[student.id],
    db.optOutRefusals[student.id] ?? [],
  );
}

/** The db's clock as an ISO string (`db.now`, or the real time when it is null). */
export function mockNow(db: Pick<MockDb, 'now'>): string {
  return db.now ?? new Date().toISOString();
}

/** The tutor's correspondent with this id, if the db has a tutor and the student is theirs. */
export function findCorrespondent(db: MockDb, studentId: unknown): Schemas['Student'] | undefined {
  return db.tutor?.correspondents.find((student) => student.id === studentId);
}
