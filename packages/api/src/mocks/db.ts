// The one in-memory database behind every MSW handler. A story or test makes one, optionally
// seeded with a scenario of fixtures.ts, and hands it to createHandlers({ db }): what one call
// changes (an announcement read, a task completed, a text sent, a lesson completed) every other
// call sees. It is plain data: read it, or change it, between calls.

import type { components } from '../schema';
import {
  actionItems,
  fixtureNow,
  learningPathwaysByStudentId,
  messagesByStudentId,
  onboardingTutorSam,
  portalAnnouncements,
  readAnnouncementIds,
  tutorMaya,
} from './fixtures';

type Schemas = components['schemas'];

/** What the default mock translation provider knows, in Spanish. */
const spanishPhrasebook: Record<string, string> = {
  'See you Monday at 4!': '¡Nos vemos el lunes a las 4!',
  'Carla did great today.': 'Carla lo hizo muy bien hoy.',
};

export interface MockDb {
  /**
   * The signed-in tutor of GET /tutor (Maya Chen by default); null answers 404 'We cannot find
   * your account in our system.'. Its `correspondents` are the students the messages, pathway and
   * learning-portal mocks accept. GET /tutor answers `latestViewedAnnouncement` from the field of
   * that name below, not from this object.
   */
  tutor: Schemas['Tutor'] | null;
  /**
   * The signed-in onboarding applicant of POST /onboarding-tutor and getOnboardingTutor (Sam
   * Rivera by default); null answers 404.
   */
  applicant: Schemas['OnboardingTutor'] | null;
  /** Conversations by student id, oldest first; a student without one has an empty chat. */
  conversations: Record<string, Schemas['Message'][]>;
  /**
   * What the SMS provider reports for texts sent ('queued' by default). 'failed' answers
   * send-message as the server does when the provider refuses a text: 503 UNAVAILABLE with
   * `{ messageId, deliveryStatus: 'failed' }` details, and the text stays out of the conversation.
   */
  deliveryStatus: Schemas['DeliveryStatus'];
  /** How many texts were sent (failed ones too); sent messages get the id `msg-sent-<n>`. */
  sentMessageCount: number;
  /**
   * Whether the translation provider fails: a text to a family whose `familyLanguage` is
   * translated is then not sent but kept `untranslated` (send-message answers 201 with it), and
   * a Retry of it leaves it so, as the server does. Send as written still sends it.
   */
  translationFails: boolean;
  /**
   * The mock translation provider: by the tutor's text, what the family receives. A text not
   * listed goes out unchanged (still reported as translated), so stories and tests that show a
   * translation type a text listed here.
   */
  translations: Record<string, string>;
  /** Portal announcements of GET /portal-announcement (the Updates modal), newest first. */
  portalAnnouncements: Schemas['PortalAnnouncement'][];
  /** Ids of the portal announcements the tutor has read. */
  readAnnouncementIds: string[];
  /** When each announcement was marked read through POST /portal-announcement/status. */
  announcementReadAt: Record<string, string>;
  /**
   * The tutor's latest viewed weekly announcement: what GET /tutor answers, and what
   * setLatestViewedAnnouncement moves forward (it copies it into `tutor` too). By default the
   * seeded tutor's.
   */
  latestViewedAnnouncement: Schemas['LatestViewedAnnouncement'] | null;
  /** Action items of GET /action-item (the Tasks modal). */
  actionItems: Schemas['ActionItem'][];
  /** Learning pathways by student id; a correspondent without one gets null (no pathway). */
  pathways: Record<string, Schemas['LearningPathway']>;
  /** What sendEmailSignInLink was asked to send, in order ("Success! Magic link sent."). */
  sentSignInLinks: Schemas['SendEmailSignInLinkData'][];
  /** Training registrations made through addEventAttendee. */
  registrations: Array<Pick<Schemas['EventRegistration'], 'eventId' | 'email'>>;
  /**
   * The time the mocks stamp what they create (sent messages, read announcements) with:
   * `fixtureNow` by default, so a story or test on the fixed clock sees a text it sends under
   * 'Today'. null uses the real clock.
   */
  now: string | null;
}

/** Any part of a MockDb; what it leaves out comes from the default fixtures. */
export type MockDbSeed = Partial<MockDb>;

/**
 * A fresh database: the default fixtures (Maya Chen and her students, three portal announcements
 * with one read, three action items, Sam Rivera as the applicant) with `seed` laid over them key
 * by key (`null` counts, `undefined` does not). Everything is deep-cloned, so two databases, or a
 * database and the fixtures, never share an object.
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
    deliveryStatus: 'queued',
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
  };
  return structuredClone({ ...defaults, ...given });
}

/** The db's clock as an ISO string (`db.now`, or the real time when it is null). */
export function mockNow(db: Pick<MockDb, 'now'>): string {
  return db.now ?? new Date().toISOString();
}

/** The tutor's correspondent with this id, if the db has a tutor and the student is theirs. */
export function findCorrespondent(db: MockDb, studentId: unknown): Schemas['Student'] | undefined {
  return db.tutor?.correspondents.find((student) => student.id === studentId);
}
