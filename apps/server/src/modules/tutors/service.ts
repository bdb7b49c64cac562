import type { components } from '@tutoring/api/schema';
import type { Database } from '../../db/open.ts';
import type { TutorReferenceDataCache } from '../../http/route-context.ts';
import type { TranslationProvider } from '../../providers/translation.ts';
import { familyLanguageOf } from '../messages/family-language.ts';
import {
  findTutorProfile,
  type LastMessage,
  type ListedStudent,
  type TitleThresholdRow,
} from './queries.ts';

type TutorResponse = components['schemas']['Tutor'];
type StudentResponse = components['schemas']['Student'];
type TutorStats = components['schemas']['TutorStats'];

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

export function toStudentResponse(
  student: ListedStudent,
  lastSessionDate: string | null,
  lastMessage: LastMessage | null,
  now: Date,
  translation: TranslationProvider,
): StudentResponse {
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
    Last_Message: lastMessage?.body ?? null,
    Last_Message_By: lastMessage?.by ?? null,
    studentTwilio: student.forwardingNumber,
    familyLanguage: familyLanguageOf(student, translation),
  };
}

/** The tutor user of GET /tutor for a verified e-mail, or undefined when no tutor has it. */
export async function getTutorProfile(
  db: Database,
  email: string,
  now: Date,
  translation: TranslationProvider,
  referenceData: TutorReferenceDataCache,
): Promise<TutorResponse | undefined> {
  const [profile, { thresholds, weeklyAnnouncements }] = await Promise.all([
    findTutorProfile(db, email, utcDateDaysBefore(now, RECENT_DAYS - 1)),
    referenceData.get(),
  ]);
  if (!profile) return undefined;
  const { tutor, totals, correspondents } = profile;

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
  return {
    id: tutor.id,
    Tutor_ID: tutor.tutorCode,
    Record_ID: tutor.externalRecordId,
    First_Name: tutor.firstName,
    Last_Name: tutor.lastName,
    email: tutor.email,
    Availability: tutor.availability,
    Availability_Form: tutor.availabilityFormUrl,
    correspondents: correspondents.map(({ student, lastSessionDate, lastMessage }) =>
      toStudentResponse(student, lastSessionDate, lastMessage, now, translation),
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
}
