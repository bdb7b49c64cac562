import type { components } from '@tutoring/api/schema';
import type { Database } from '../../db/open.ts';
import type { TutorReferenceDataCache } from '../../http/route-context.ts';
import type { TranslationProvider } from '../../providers/translation.ts';
import { deliveryFailureOf } from '../messages/delivery-failure.ts';
import { familyLanguageOf } from '../messages/family-language.ts';
import { textOptOutOf } from '../messages/opt-out.ts';
import {
  type AttentionRow,
  type ConversationSummary,
  findTutorProfile,
  type LastMessageRow,
  type ListedStudent,
  type TitleThresholdRow,
} from './queries.ts';
import { tutorEtag } from './tutor-etag.ts';

type TutorResponse = components['schemas']['Tutor'];
type StudentResponse = components['schemas']['Student'];
type TutorStats = components['schemas']['TutorStats'];
type LastMessagePreview = components['schemas']['LastMessagePreview'];
type NeedsAttention = components['schemas']['NeedsAttention'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];

const DAY_MS = 86_400_000;
/** "Last 30 days" is the 30 calendar days ending today (UTC), today included. */
const RECENT_DAYS = 30;

/** 'YYYY-MM-DD' of the UTC day `days` before `now`. */
export function utcDateDaysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a 'YYYY-MM-DD' date to today (UTC); never negative. */
export function daysSince(date: string, now: Date): number {
  const today = Date.parse(`${utcDateDaysBefore(now, 0)}T00:00:00Z`);
  return Math.max(0, Math.round((today - Date.parse(`${date}T00:00:00Z`)) / DAY_MS));
}

function hours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

export interface TitleProgress {
  currentTitle: string | null;
  nextTitle: string | null;
  hoursUntilPromotion: number | null;
}

/**
 * The highest title whose threshold the tutored minutes reach, the next one, and the hours left
 * to it. Below every threshold there is no current title (null) and the next is the lowest.
 */
export function titleProgress(minutes: number, thresholds: TitleThresholdRow[]): TitleProgress {
  const ascending = [...thresholds].sort((a, b) => a.minMinutes - b.minMinutes);
  const reached = ascending.filter((threshold) => threshold.minMinutes <= minutes);
  const next = ascending.find((threshold) => threshold.minMinutes > minutes);
  return {
    currentTitle: reached.at(-1)?.title ?? null,
    nextTitle: next?.title ?? null,
    hoursUntilPromotion: next ? hours(next.minMinutes - minutes) : null,
  };
}

/** What a chat shows of a message: a family's reply in English where it was translated. */
function shownText(row: Pick<LastMessageRow, 'body' | 'fromTutor' | 'translatedBody'>): string {
  return (!row.fromTutor && row.translatedBody) || row.body;
}

/** Who wrote a message, in the legacy field's words and in the preview's. */
function authorOf(row: Pick<LastMessageRow, 'fromTutor' | 'messageType'>) {
  if (row.fromTutor) return { by: 'Tutor', from: 'tutor' } as const;
  return row.messageType === 'activity'
    ? ({ by: 'Guardian', from: 'family' } as const)
    : ({ by: 'Admin', from: 'team' } as const);
}

/** The dashboard's preview of a conversation's latest message. */
export function lastMessagePreviewOf(row: LastMessageRow): LastMessagePreview {
  return {
    id: row.id,
    from: authorOf(row).from,
    // Empty for a picture sent without words: the preview says "Photo" instead.
    text: shownText(row),
    sentAt: row.sentAt.toISOString(),
    ...(row.fromTutor ? { deliveryStatus: row.deliveryStatus as DeliveryStatus } : {}),
    hasPhoto: row.mediaCount > 0,
  };
}

/** What needs the tutor in a conversation, by the newest such text, or null when nothing does. */
export function needsAttentionOf(attention: AttentionRow | null): NeedsAttention | null {
  if (!attention || attention.count < 1) return null;
  const failure = deliveryFailureOf(attention);
  return {
    // A text that could not be translated was never sent: Retry or Send as written.
    reason: attention.deliveryStatus === 'untranslated' ? 'notSent' : 'notDelivered',
    count: attention.count,
    messageId: attention.messageId,
    ...(failure ? { failure } : {}),
  };
}

export function toStudentResponse(
  student: ListedStudent,
  summary: ConversationSummary,
  now: Date,
  translation: TranslationProvider,
): StudentResponse {
  const { lastSessionDate, lastMessage } = summary;
  return {
    id: student.id,
    Student_ID: student.studentCode,
    First_Name: student.firstName,
    Last_Name: student.lastName,
    Guardian_First_Name: student.guardianFirstName,
    Guardian_Last_Name: student.guardianLastName,
    Student_Language: student.studentLanguage,
    Language: student.language,
    District_Text: student.district,
    School_Text: student.school,
    grade: student.grade,
    Program_Type: student.programType,
    First_Matched_Date_from_Matched: student.firstMatchedAt?.toISOString() ?? null,
    Availability: student.availability,
    Tutoring_Code: student.tutoringCode,
    information: student.information,
    Math_Tool_ID: student.mathToolId,
    Subject_s_: student.subjects,
    lastSession: lastSessionDate === null ? null : daysSince(lastSessionDate, now),
    Last_Message: lastMessage ? shownText(lastMessage) : null,
    Last_Message_By: lastMessage ? authorOf(lastMessage).by : null,
    studentTwilio: student.forwardingNumber,
    familyLanguage: familyLanguageOf(student, translation),
    unreadCount: summary.unreadCount,
    lastMessage: lastMessage ? lastMessagePreviewOf(lastMessage) : null,
    needsAttention: needsAttentionOf(summary.attention),
    textOptOut: textOptOutOf(student),
    helpRequestedAt: student.helpRequestedAt?.toISOString() ?? null,
  };
}

/** The first day of "the last 30 days" (UTC), today included. */
export function recentSince(now: Date): string {
  return utcDateDaysBefore(now, RECENT_DAYS - 1);
}

/**
 * The tutor user of GET /tutor for a verified e-mail and its ETag (tutor-etag.ts), or undefined
 * when no tutor has the e-mail.
 */
export async function getTutorProfile(
  db: Database,
  email: string,
  now: Date,
  translation: TranslationProvider,
  referenceData: TutorReferenceDataCache,
): Promise<{ tutor: TutorResponse; etag: string } | undefined> {
  const [profile, reference] = await Promise.all([
    findTutorProfile(db, email, recentSince(now)),
    referenceData.get(),
  ]);
  if (!profile) return undefined;
  const { tutor, totals, correspondents } = profile;
  const { thresholds, weeklyAnnouncements } = reference;

  const stats: TutorStats = {
    currentStudents: correspondents.length,
    firstMatch: tutor.firstMatchedAt?.toISOString() ?? null,
    sessions: totals.sessions,
    last30DaysSessions: totals.recentSessions,
    tutoringHours: hours(totals.minutes),
    last30DaysTutoringHours: hours(totals.recentMinutes),
    ...titleProgress(totals.minutes, thresholds),
    capacity: tutor.capacity,
  };
  const response: TutorResponse = {
    id: tutor.id,
    Tutor_ID: tutor.tutorCode,
    Record_ID: tutor.externalRecordId,
    First_Name: tutor.firstName,
    Last_Name: tutor.lastName,
    email: tutor.email,
    Availability: tutor.availability,
    Availability_Form: tutor.availabilityFormUrl,
    correspondents: correspondents.map(({ student, ...summary }) =>
      toStudentResponse(student, summary, now, translation),
    ),
    weeklyAnnouncements,
    latestViewedAnnouncement:
      tutor.latestViewedAnnouncementId && tutor.latestViewedAnnouncementAt
        ? {
            id: tutor.latestViewedAnnouncementId,
            date: tutor.latestViewedAnnouncementAt.toISOString(),
          }
        : null,
    hasNewAnnouncement: tutor.hasNewAnnouncement,
    totalSessions: totals.sessions,
    minutesTutored: totals.minutes,
    stats,
  };
  return { tutor: response, etag: tutorEtag(profile.digest, reference, translation, now) };
}
