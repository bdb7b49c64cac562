// The demo data `npm start` shows: the tutors of the README's demo accounts, their students, two
// months of sessions so the stats mean something, title thresholds and weekly announcements; the
// rest (messages, announcements, action items, pathways, applicants) is in demo-activity.ts.
// Dates are relative to the day of seeding. Phone numbers are from the fictional 555-01xx range.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { notificationSettings, tutors } from '../db/schema.ts';
import { seedDemoActivity } from './demo-activity.ts';
import {
  daysAgo,
  insertStudent,
  insertTitleThresholds,
  insertTutor,
  insertTutoringSessions,
  insertWeeklyAnnouncements,
  type NewStudent,
  type NewTitleThreshold,
  sessionsOn,
} from './fixtures.ts';

/**
 * The integration key of the demo data (write scope, named 'demo'): published here and in the
 * README so that `npm start` can be driven through the integration API. Outside production only.
 */
export const DEMO_INTEGRATION_KEY = 'tpk_demo-integration-key-for-local-use-only-000';

export const DEMO_TUTOR_EMAILS = {
  maya: 'maya.chen@tutoring.example.org',
  jordan: 'jordan.lee@tutoring.example.org',
} as const;

export const DEMO_TITLE_THRESHOLDS: NewTitleThreshold[] = [
  { title: 'Volunteer Tutor', minMinutes: 0 },
  { title: 'Rising Tutor', minMinutes: 10 * 60 },
  { title: 'Dedicated Tutor', minMinutes: 25 * 60 },
  { title: 'Senior Tutor', minMinutes: 50 * 60 },
  { title: 'Mentor Tutor', minMinutes: 100 * 60 },
];

/** Days from 1 to 60 before today whose remainder modulo 7 is one of `weekdays`. */
function weekly(weekdays: number[], fromDay = 1): number[] {
  const days: number[] = [];
  for (let day = fromDay; day <= 60; day += 1) if (weekdays.includes(day % 7)) days.push(day);
  return days;
}

type DemoStudent = Omit<NewStudent, 'tutorId' | 'firstMatchedAt'> & {
  matchedDaysAgo: number;
  sessionDays: number[];
  sessionMinutes: number;
};

const MAYA_STUDENTS: DemoStudent[] = [
  {
    studentCode: 'STU-20417',
    firstName: 'Sofia',
    lastName: 'Martinez',
    guardianFirstName: 'Ana',
    guardianLastName: 'Martinez',
    guardianPhone: '+15550100111',
    studentLanguage: 'Spanish, English',
    language: 'Spanish',
    district: 'Eastside Unified School District',
    school: 'Cesar Chavez Elementary',
    grade: '4th',
    programType: '1:1 Virtual Tutoring',
    availability: 'Monday 16:00-17:00, Thursday 16:00-17:00',
    tutoringCode: 'SUNFLOWER-4821',
    information: {
      'Grade Level': '4th Grade',
      'Math Tool Username': 'sofia.martinez4',
      'Math Tool Class Code': 'MTH-4B-EAST',
      'Reading Level': 'Level N',
      'Preferred Contact Time': 'Weekday evenings',
    },
    mathToolId: 'MT-58213',
    subjects: ['Math', 'Reading'],
    forwardingNumber: '+15550190011',
    matchedDaysAgo: 240,
    sessionDays: weekly([1, 4]),
    sessionMinutes: 60,
  },
  {
    studentCode: 'STU-20533',
    firstName: 'Ethan',
    lastName: 'Nguyen',
    guardianFirstName: 'Linh',
    guardianLastName: 'Nguyen',
    guardianPhone: '+15550100122',
    studentLanguage: 'English',
    language: 'English',
    district: 'Eastside Unified School District',
    school: 'Roosevelt Middle School',
    grade: '6th',
    programType: '1:1 Virtual Tutoring',
    availability: 'Sunday 10:00-11:00',
    tutoringCode: 'MAPLE-7305',
    information: {
      'Grade Level': '6th Grade',
      'Math Tool Username': 'ethan.nguyen6',
      'Math Tool Class Code': 'MTH-6A-ROOS',
      'Reading Level': 'Level T',
    },
    mathToolId: 'MT-58377',
    subjects: ['Math'],
    forwardingNumber: '+15550190022',
    matchedDaysAgo: 200,
    // No session for the last two weeks: the dashboard flags 'No session in 14 days'.
    sessionDays: weekly([0], 14),
    sessionMinutes: 60,
  },
  {
    studentCode: 'STU-20689',
    firstName: 'Amara',
    lastName: 'Okafor',
    guardianFirstName: 'Chidi',
    guardianLastName: 'Okafor',
    guardianPhone: '+15550100133',
    studentLanguage: 'English',
    language: 'English',
    district: 'Harbor View School District',
    school: 'Bayside Elementary',
    grade: '3rd',
    programType: '1:1 Virtual Tutoring',
    availability: 'Tuesday 15:30-16:15',
    tutoringCode: 'RIVER-1196',
    information: {
      'Grade Level': '3rd Grade',
      'Math Tool Username': 'amara.okafor3',
      'Math Tool Class Code': 'MTH-3C-BAY',
      'Reading Level': 'Level J',
    },
    mathToolId: 'MT-58402',
    subjects: ['Reading', 'Math'],
    forwardingNumber: '+15550190033',
    matchedDaysAgo: 120,
    sessionDays: weekly([2]),
    sessionMinutes: 45,
  },
  {
    studentCode: 'STU-20752',
    firstName: 'Liam',
    lastName: 'Patel',
    guardianFirstName: 'Priya',
    guardianLastName: 'Patel',
    guardianPhone: '+15550100144',
    studentLanguage: 'English, Gujarati',
    language: 'English',
    district: 'Harbor View School District',
    school: 'Lincoln Elementary',
    grade: '5th',
    programType: '1:1 Virtual Tutoring',
    availability: 'Wednesday 17:00-18:00',
    tutoringCode: 'CEDAR-6640',
    information: {
      'Grade Level': '5th Grade',
      'Math Tool Username': 'liam.patel5',
      'Math Tool Class Code': 'MTH-5A-LINC',
    },
    mathToolId: 'MT-58466',
    subjects: ['Math'],
    forwardingNumber: '+15550190044',
    matchedDaysAgo: 70,
    sessionDays: weekly([3]),
    sessionMinutes: 60,
  },
];

const JORDAN_STUDENTS: DemoStudent[] = [
  {
    studentCode: 'STU-21018',
    firstName: 'Noah',
    lastName: 'Kim',
    guardianFirstName: 'Grace',
    guardianLastName: 'Kim',
    guardianPhone: '+15550100155',
    studentLanguage: 'English, Korean',
    language: 'English',
    district: 'Northgate School District',
    school: 'Northgate Middle School',
    grade: '7th',
    programType: '1:1 Virtual Tutoring',
    availability: 'Friday 16:00-17:00',
    tutoringCode: 'BIRCH-3357',
    information: {
      'Grade Level': '7th Grade',
      'Math Tool Username': 'noah.kim7',
      'Math Tool Class Code': 'MTH-7B-NORTH',
    },
    mathToolId: 'MT-59120',
    subjects: ['Math', 'Science'],
    forwardingNumber: '+15550190055',
    matchedDaysAgo: 95,
    sessionDays: weekly([5]),
    sessionMinutes: 60,
  },
  {
    studentCode: 'STU-21094',
    firstName: 'Zoe',
    lastName: 'Williams',
    guardianFirstName: 'Marcus',
    guardianLastName: 'Williams',
    guardianPhone: '+15550100166',
    studentLanguage: 'English',
    language: 'English',
    district: 'Northgate School District',
    school: 'Oak Hill Elementary',
    grade: '5th',
    programType: '1:1 Virtual Tutoring',
    availability: 'Saturday 11:00-12:00',
    tutoringCode: 'WILLOW-8872',
    information: {
      'Grade Level': '5th Grade',
      'Math Tool Username': 'zoe.williams5',
      'Reading Level': 'Level R',
    },
    mathToolId: null,
    subjects: ['Reading'],
    forwardingNumber: '+15550190066',
    matchedDaysAgo: 60,
    sessionDays: weekly([6]),
    sessionMinutes: 45,
  },
];

async function insertDemoStudents(
  db: Database,
  tutorId: string,
  demoStudents: DemoStudent[],
  now: Date,
): Promise<Record<string, { id: string; tutorId: string | null }>> {
  const inserted: Record<string, { id: string; tutorId: string | null }> = {};
  for (const { matchedDaysAgo, sessionDays, sessionMinutes, ...student } of demoStudents) {
    const row = await insertStudent(db, {
      ...student,
      tutorId,
      firstMatchedAt: daysAgo(now, matchedDaysAgo),
    });
    await insertTutoringSessions(
      db,
      sessionsOn({
        tutorId,
        studentId: row.id,
        now,
        daysAgo: sessionDays,
        minutes: sessionMinutes,
      }),
    );
    inserted[row.studentCode] = { id: row.id, tutorId: row.tutorId };
  }
  return inserted;
}

/**
 * Inserts the demo data when the database has no tutor yet; returns whether it did. Safe to call
 * from several instances at once: the check and the inserts run under a table lock.
 */
/** The availability form the demo tutors and applicants link to (the real provider's by default). */
export const DEMO_AVAILABILITY_FORM_URL = 'https://forms.example.org/tutor-availability';

export async function seedDemoData(
  db: Database,
  options: {
    now: Date;
    /** Where the seeded availability-form links point; `npm start` passes the dev form page. */
    availabilityFormUrl?: string;
  },
): Promise<boolean> {
  const { now, availabilityFormUrl = DEMO_AVAILABILITY_FORM_URL } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${tutors} IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(tutors);
    if ((existing?.count ?? 0) > 0) return false;

    await insertTitleThresholds(tx, DEMO_TITLE_THRESHOLDS);
    const [welcome, officeHours, assessments] = await insertWeeklyAnnouncements(tx, [
      {
        title: 'Welcome to the spring term',
        content:
          '<p>Thank you for tutoring with us this term! Your students are matched and ready.</p>' +
          '<p>Please fill in the <strong>weekly session form</strong> after every session.</p>',
        createdAt: daysAgo(now, 20),
      },
      {
        title: 'Office hours move to Thursdays',
        content:
          '<p>Tutor office hours now run <strong>Thursdays, 17:00-18:00</strong>. Bring your ' +
          'questions about lesson plans, pathways or the learning portal.</p>',
        createdAt: daysAgo(now, 13),
      },
      {
        title: 'Post-assessments open next week',
        content:
          '<p>Spring post-assessments open next Monday. Plan at least <em>30 minutes</em> of a ' +
          "session for it, and copy the assessment link from each student's Learning Hub.</p>",
        createdAt: daysAgo(now, 6),
      },
    ]);
    if (!welcome || !officeHours || !assessments) throw new Error('Seeding announcements failed');

    const maya = await insertTutor(tx, {
      tutorCode: 'TUT-1042',
      externalRecordId: 'recMC7Qd2LxA9vT',
      firstName: 'Maya',
      lastName: 'Chen',
      email: DEMO_TUTOR_EMAILS.maya,
      availability: 'Monday 16:00-18:00',
      availabilityFormUrl,
      capacity: 5,
      firstMatchedAt: daysAgo(now, 240),
      latestViewedAnnouncementId: officeHours.id,
      latestViewedAnnouncementAt: officeHours.createdAt,
      hasNewAnnouncement: true,
    });
    const mayaStudents = await insertDemoStudents(tx, maya.id, MAYA_STUDENTS, now);

    const jordan = await insertTutor(tx, {
      tutorCode: 'TUT-1187',
      externalRecordId: 'recJL3Vb8NwK4pR',
      firstName: 'Jordan',
      lastName: 'Lee',
      email: DEMO_TUTOR_EMAILS.jordan,
      availability: 'Wednesday 17:00-19:00',
      availabilityFormUrl: null,
      capacity: 3,
      firstMatchedAt: daysAgo(now, 95),
      latestViewedAnnouncementId: assessments.id,
      latestViewedAnnouncementAt: assessments.createdAt,
      hasNewAnnouncement: false,
    });
    const jordanStudents = await insertDemoStudents(tx, jordan.id, JORDAN_STUDENTS, now);
    // Both hear of a family's reply by e-mail (the dev outbox, with its links): the default,
    // written down so the settings page shows a tutor who has chosen, with the organisation's
    // quiet hours and time zone (null: the configured defaults).
    await tx.insert(notificationSettings).values([
      { tutorId: maya.id, channel: 'email', updatedAt: now },
      { tutorId: jordan.id, channel: 'email', updatedAt: now },
    ]);
    await seedDemoActivity(tx, {
      availabilityFormUrl,
      now,
      students: { ...mayaStudents, ...jordanStudents },
      tutors: { maya: maya.id, jordan: jordan.id },
    });
    return true;
  });
}
