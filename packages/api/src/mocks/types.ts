// The in-memory database's shape (db.ts), apart from the database itself: fixtures.ts names its
// scenarios as seeds of it, and db.ts lays them over those fixtures.
import type { components } from '../schema';

type Schemas = components['schemas'];

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
  /**
   * Conversations by student id, oldest first; a student without one has an empty chat. They
   * decide each correspondent's Last_Message, Last_Message_By, unreadCount, lastMessage and
   * needsAttention: GET /tutor and the chat compute those from here on every call (the fields
   * `tutor` holds are refreshed when the db is made, and are not read).
   */
  conversations: Record<string, Schemas['Message'][]>;
  /**
   * The tutor's read marks by student id: the id of the newest message of that conversation the
   * tutor has seen on screen. The family's replies after it are unread; without a mark (or with a
   * mark not in the conversation) every reply is. markTutorMessagesRead moves a mark forward. By
   * default every fixture conversation is read but Ana's, whose family replied this morning.
   */
  readMarks: Record<string, string>;
  /**
   * What the SMS provider reports for texts sent ('queued' by default). 'failed' answers
   * send-message as the server does when the provider refuses a text: 503 UNAVAILABLE with
   * `{ messageId, deliveryStatus: 'failed' }` details, and the text stays out of the conversation.
   */
  deliveryStatus: Schemas['DeliveryStatus'];
  /**
   * The provider's error code for a text the mocks make 'undelivered' or 'failed' (its `failure`,
   * with the reason in plain words); a status left out gets no `failure`. By default those of the
   * server's development stand-in: 30003 (unreachable) and 30007 (blocked as spam).
   */
  failureCodes: Partial<Record<'undelivered' | 'failed', string>>;
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
  /**
   * Texts to a family refused by the provider because the family had opted out (Twilio 21610),
   * by student id: when each was refused. The server keeps a refused send out of the
   * conversation, so the family's `textOptOut` (reason 'refused') is read from here as well as
   * from the conversation (a reply of STOP, a text of the tutor's that failed with 21610). A send
   * the provider refuses while `failureCodes.failed` is '21610' adds one.
   */
  optOutRefusals: Record<string, string[]>;
  /**
   * The family's quiet hours (issue 35): while set, a text the tutor sends is held, 'scheduled'
   * until this time (its `scheduledFor`), instead of going to the provider. null (the default):
   * every family is awake.
   */
  holdTextsUntil: string | null;
  /** Scheduled texts the tutor cancelled: they left the conversation; cancelling again is 204. */
  cancelledMessageIds: string[];
  /**
   * The tutor's notification settings (GET /tutor/notification-settings): by default e-mail to
   * the tutor's address, no phone, quiet hours 21:00 to 08:00 in America/Los_Angeles.
   */
  notificationSettings: Schemas['NotificationSettings'];
  /** The code texted to the tutor's phone and not yet verified; null when none is waiting. */
  phoneVerification: PendingPhoneVerification | null;
  /** How many verification codes were texted this hour: at 5 a request answers 429. */
  phoneCodesSent: number;
}

/** A code texted to the tutor's phone that has not come back yet (startTutorNotificationPhoneVerification). */
export interface PendingPhoneVerification {
  /** The number it was texted to (E.164). */
  number: string;
  /** The six digits that verify it. */
  code: string;
  /** When it stops working (10 minutes after it was sent, on the db's clock). */
  expiresAt: string;
  /** Wrong codes still allowed before it is void (5 to start with). */
  wrongCodesLeft: number;
}

/** Any part of a MockDb; what it leaves out comes from the default fixtures. */
export type MockDbSeed = Partial<MockDb>;
