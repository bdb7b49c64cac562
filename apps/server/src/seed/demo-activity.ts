// The demo data beyond tutors and students, so every state the portal has can be seen with the
// seeded accounts: conversations of both message types over the last 10 days, portal
// announcements read and unread (HTML), action items (automatic, completed, open with a bare URL),
// pathways with Passed, Failed and empty results and 'First Sessions' ones (and a student without
// one), training events, and onboarding applicants at each stage.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import {
  actionItems,
  applicants,
  conversationReads,
  lessonCompletions,
  lessons,
  messages,
  pathways,
  portalAnnouncementReads,
  portalAnnouncements,
  preAssessmentForms,
  trainingEvents,
} from '../db/schema.ts';
import { daysAgo } from './fixtures.ts';

export const DEMO_APPLICANT_EMAILS = {
  sam: 'sam.rivera@example.com',
  alex: 'alex.morgan@example.com',
  casey: 'casey.brooks@example.com',
  taylor: 'taylor.nguyen@example.com',
  jamie: 'jamie.ortiz@example.com',
} as const;

type Author = 'tutor' | 'guardian' | 'admin';
type Line = [days: number, hour: number, author: Author, body: string];

function at(now: Date, days: number, hour: number): Date {
  const date = daysAgo(now, days);
  date.setUTCHours(hour, (days * 7) % 60, 0, 0);
  // Today's lines stay in the past, whatever the time of seeding.
  return date.getTime() > now.getTime() ? new Date(now.getTime() - (days + 1) * 60_000) : date;
}

async function conversation(
  db: Database,
  now: Date,
  student: { id: string; tutorId: string | null },
  lines: Line[],
) {
  await db.insert(messages).values(
    lines.map(([days, hour, author, body], index) => ({
      studentId: student.id,
      tutorId: student.tutorId,
      body,
      fromTutor: author === 'tutor',
      messageType: author === 'admin' ? 'admin' : 'activity',
      deliveryStatus: author === 'tutor' ? 'delivered' : 'received',
      providerMessageId: `SMseed${student.id.slice(0, 8)}${index}`,
      sentAt: at(now, days, hour),
    })),
  );
}

type Students = Record<string, { id: string; tutorId: string | null }>;

const lessonUrl = (slug: string) => `https://learn.example.org/lessons/${slug}`;
// Check In activities: the Learning Hub picks one at random for each visit (§5).
const INTRO = {
  'Rose and Thorn': {
    description: 'Ask your student about their week and one thing they enjoyed.',
  },
  'Quick Review': { description: 'Two quick review problems from the last session.' },
  'Goal Check': { description: 'Ask your student what they learned and what felt hard.' },
};

type LessonLine = [position: number, name: string, topic: string, additional?: boolean];

async function pathway(
  db: Database,
  studentId: string,
  values: Omit<typeof pathways.$inferInsert, 'studentId'>,
  lessonList: LessonLine[],
  completedPositions: number[] = [],
) {
  const [row] = await db
    .insert(pathways)
    .values({ studentId, introActivities: INTRO, ...values })
    .returning();
  if (!row) throw new Error('Seeding a pathway failed');
  const inserted = await db
    .insert(lessons)
    .values(
      lessonList.map(([position, name, topic, additional]) => ({
        pathwayId: row.id,
        position,
        name,
        topic,
        url: lessonUrl(name.toLowerCase().replace(/[^a-z0-9]+/g, '-')),
        additional: additional ?? false,
      })),
    )
    .returning();
  const done = inserted.filter((lesson) => completedPositions.includes(lesson.position));
  if (done.length > 0) {
    await db
      .insert(lessonCompletions)
      .values(done.map((lesson) => ({ studentId, lessonId: lesson.id })));
  }
}

/** The seeded students the activity belongs to, by first name. */
const DEMO_STUDENT_CODES = {
  sofia: 'STU-20417',
  ethan: 'STU-20533',
  amara: 'STU-20689',
  liam: 'STU-20752',
  noah: 'STU-21018',
  zoe: 'STU-21094',
} as const;
type DemoStudent = keyof typeof DEMO_STUDENT_CODES;
type DemoStudents = Record<DemoStudent, { id: string; tutorId: string | null }>;

export async function seedDemoActivity(
  db: Database,
  options: {
    now: Date;
    students: Students;
    tutors: { maya: string; jordan: string };
    availabilityFormUrl: string;
  },
) {
  const { now, tutors, availabilityFormUrl } = options;
  const students = demoStudents(options.students);
  await seedConversations(db, now, students);
  await seedPortalAnnouncements(db, now, tutors);
  await seedActionItems(db, now, tutors);
  await seedPathways(db, students);
  await seedTrainingEvents(db, now);
  await seedApplicants(db, now, { jordan: tutors.jordan, availabilityFormUrl });
}

function demoStudents(seeded: Students): DemoStudents {
  const need = (code: string) => {
    const student = seeded[code];
    if (!student) throw new Error(`Seed student ${code} is missing`);
    return student;
  };
  return Object.fromEntries(
    Object.entries(DEMO_STUDENT_CODES).map(([name, code]) => [name, need(code)]),
  ) as DemoStudents;
}

async function seedConversations(db: Database, now: Date, students: DemoStudents) {
  await conversation(db, now, students.sofia, [
    [9, 17, 'tutor', 'Hola Ana, soy Maya, la tutora de Sofia. ¿Le viene bien el lunes a las 4?'],
    [9, 18, 'guardian', 'Sí, perfecto. Gracias Maya.'],
    [6, 15, 'admin', 'Reminder: spring post-assessments open next Monday.'],
    [4, 16, 'guardian', 'Sofia terminó la tarea de fracciones 🎉'],
    [1, 19, 'tutor', '¡Excelente! Nos vemos el jueves.'],
    [0, 9, 'guardian', '¿Podemos empezar 10 minutos más tarde hoy?'],
  ]);
  await conversation(db, now, students.ethan, [
    [8, 16, 'tutor', 'Hi Linh, Ethan missed our Sunday session. Is everything all right?'],
    [7, 20, 'guardian', 'Sorry, we were travelling. Next Sunday works.'],
    [2, 14, 'admin', 'Ethan has no session recorded in 14 days. Please reach out to the family.'],
  ]);
  await conversation(db, now, students.amara, [
    [5, 15, 'tutor', 'Hi Chidi, Amara read a whole chapter today!'],
    [5, 16, 'guardian', 'That is wonderful, thank you.'],
    [1, 10, 'tutor', 'See you Tuesday at 3:30.'],
  ]);
  await conversation(db, now, students.noah, [
    [3, 17, 'tutor', 'Hi Grace, Friday at 4 still good for Noah?'],
    [3, 18, 'guardian', 'Yes, see you then.'],
  ]);
  // Liam and Zoe have no messages yet: their chats show the empty state.
  await seedReadMarks(db, students);
}

/**
 * Each conversation read up to its latest message, but for Sofia's: her mother's latest reply is
 * unread, so the dashboard has an unread count to show (and the others start at none).
 */
async function seedReadMarks(db: Database, students: DemoStudents) {
  for (const [name, student] of Object.entries(students)) {
    if (!student.tutorId) continue;
    const latest = await db
      .select({ id: messages.id, sentAt: messages.sentAt })
      .from(messages)
      .where(eq(messages.studentId, student.id))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(name === 'sofia' ? 2 : 1);
    const mark = latest.at(-1);
    if (!mark) continue;
    await db.insert(conversationReads).values({
      tutorId: student.tutorId,
      studentId: student.id,
      messageId: mark.id,
      messageSentAt: mark.sentAt,
    });
  }
}

/** Portal announcements (HTML), read and unread. */
async function seedPortalAnnouncements(
  db: Database,
  now: Date,
  tutors: { maya: string; jordan: string },
) {
  const announcementRows = await db
    .insert(portalAnnouncements)
    .values([
      {
        subject: 'Welcome to the new Tutor Portal',
        message:
          '<p>The Tutor Portal has a new home. Your students, messages and pathways are all here.</p>',
        createdAt: daysAgo(now, 30),
      },
      {
        subject: 'Holiday schedule',
        message:
          '<p>No sessions on <strong>Monday, January 19</strong>. Please let your families know.</p>',
        createdAt: daysAgo(now, 12),
      },
      {
        subject: 'Spring post-assessments are open',
        message:
          '<h3>Post-assessments</h3><p>Plan <em>at least 30 minutes</em> of a session. Copy the link from each ' +
          'student\'s <a href="https://portal.example.org/tutoring">Learning Hub</a>.</p>' +
          '<ul><li>Grades 3-5: math and reading</li><li>Grades 6-7: math</li></ul>',
        createdAt: daysAgo(now, 3),
      },
      {
        subject: 'Volunteer as a substitute',
        message:
          '<p>Several students need a substitute tutor this week. Sign up from the sidebar.</p>',
        createdAt: daysAgo(now, 1),
      },
    ])
    .returning();
  const [welcome, holiday] = announcementRows;
  if (!welcome || !holiday) throw new Error('Seeding portal announcements failed');
  await db.insert(portalAnnouncementReads).values([
    { tutorId: tutors.maya, announcementId: welcome.id, readAt: daysAgo(now, 29) },
    { tutorId: tutors.maya, announcementId: holiday.id, readAt: daysAgo(now, 11) },
    ...announcementRows.map((row) => ({
      tutorId: tutors.jordan,
      announcementId: row.id,
      readAt: now,
    })),
  ]);
}

/** Action items: automatic, completed, open with a bare URL. */
async function seedActionItems(db: Database, now: Date, tutors: { maya: string; jordan: string }) {
  await db.insert(actionItems).values([
    {
      tutorId: tutors.maya,
      title: 'Submit your weekly progress report',
      description: 'Fill in the weekly progress report for each of your students.',
      url: 'forms.example.org/weekly-progress',
      createdAt: daysAgo(now, 2),
    },
    {
      tutorId: tutors.maya,
      title: 'Complete the mid-year survey',
      description: 'Tell us how tutoring is going. It takes about 5 minutes.',
      url: 'https://forms.example.org/mid-year-survey',
      createdAt: daysAgo(now, 8),
    },
    {
      tutorId: tutors.maya,
      title: 'Record a session for Ethan',
      description: 'Completes automatically when a session with Ethan is recorded.',
      url: null,
      automaticCompletion: true,
      createdAt: daysAgo(now, 5),
    },
    {
      tutorId: tutors.maya,
      title: 'Read the updated Tutor Handbook',
      description: 'The handbook has a new section on messaging families.',
      url: 'https://help.example.org/handbook',
      completedAt: daysAgo(now, 15),
      createdAt: daysAgo(now, 20),
    },
    {
      tutorId: tutors.jordan,
      title: 'Complete the mid-year survey',
      description: 'Tell us how tutoring is going. It takes about 5 minutes.',
      url: 'https://forms.example.org/mid-year-survey',
      completedAt: daysAgo(now, 4),
      createdAt: daysAgo(now, 8),
    },
  ]);
}

/** The demo's pathways, in the order they are inserted. */
const DEMO_PATHWAYS: Array<{
  student: DemoStudent;
  values: Omit<typeof pathways.$inferInsert, 'studentId'>;
  lessons: LessonLine[];
  completedPositions?: number[];
}> = [
  {
    student: 'sofia',
    values: {
      name: 'Grade 4 Math: Fractions',
      introDescription: 'Sofia is building fluency with equivalent fractions and comparing them.',
      assessmentResult: '',
      postAssessment: 'Fractions post-assessment',
      postAssessmentUrl: 'https://forms.example.org/post-assessment/fractions',
      nextPreAssessmentUrl: 'https://forms.example.org/pre-assessment/unit-2',
    },
    lessons: [
      [1, 'What is a fraction?', 'Understanding fractions'],
      [2, 'Fractions on a number line', 'Understanding fractions'],
      [3, 'Equivalent fractions', 'Comparing fractions'],
      [4, 'Comparing fractions', 'Comparing fractions'],
      [5, 'Adding fractions with like denominators', 'Operations'],
    ],
    completedPositions: [1, 2],
  },
  {
    student: 'ethan',
    values: {
      name: 'Grade 6 Math: Ratios',
      introDescription: 'Ethan works on ratio language, tables and unit rates.',
      assessmentResult: 'Failed',
      postAssessment: 'Ratios post-assessment',
      postAssessmentUrl: 'https://forms.example.org/post-assessment/ratios',
      nextPreAssessmentUrl: null,
    },
    lessons: [
      [1, 'Ratio language', 'Ratios'],
      [2, 'Ratio tables', 'Ratios'],
      [3, 'Unit rates', 'Rates'],
      [4, 'Revisiting ratio tables', 'Review', true],
      [5, 'Unit rates in real life', 'Review', true],
    ],
    completedPositions: [1, 2, 3],
  },
  {
    student: 'amara',
    values: {
      name: 'Grade 3 Reading First Sessions',
      introDescription: 'Getting to know Amara as a reader.',
      assessmentResult: '',
      postAssessment: null,
      postAssessmentUrl: null,
      // Empty on purpose: a 'First Sessions' pathway leads into the grade's unit-one pre-assessment.
      nextPreAssessmentUrl: null,
    },
    lessons: [
      [1, 'Reading interview', 'Getting started'],
      [2, 'Choosing a just-right book', 'Getting started'],
    ],
  },
  {
    student: 'noah',
    values: {
      name: 'Grade 7 Math: Expressions',
      introDescription: 'Noah writes and simplifies algebraic expressions.',
      assessmentResult: 'Passed',
      postAssessment: 'Expressions post-assessment',
      postAssessmentUrl: 'https://forms.example.org/post-assessment/expressions',
      nextPreAssessmentUrl: 'https://forms.example.org/pre-assessment/equations',
    },
    lessons: [
      [1, 'Variables and expressions', 'Expressions'],
      [2, 'Combining like terms', 'Expressions'],
      [3, 'The distributive property', 'Expressions'],
    ],
    completedPositions: [1, 2, 3],
  },
  {
    student: 'zoe',
    values: {
      name: 'Grade 5 Reading First Sessions',
      introDescription: 'Getting to know Zoe as a reader.',
      assessmentResult: '',
    },
    lessons: [[1, 'Reading interview', 'Getting started']],
  },
];

/** Pathways with Passed, Failed and empty results and 'First Sessions' ones. */
async function seedPathways(db: Database, students: DemoStudents) {
  await db.insert(preAssessmentForms).values(
    ['3rd', '4th', '5th', '6th', '7th'].map((grade) => ({
      grade,
      url: `https://forms.example.org/pre-assessment/unit-1-grade-${grade}`,
    })),
  );
  for (const { student, values, lessons, completedPositions } of DEMO_PATHWAYS) {
    await pathway(db, students[student].id, values, lessons, completedPositions);
  }
  // Liam has no pathway: his Learning Hub shows the Spring Post-Assessment card.
}

async function seedTrainingEvents(db: Database, now: Date) {
  await db.insert(trainingEvents).values([
    {
      id: 'evt-live-training-next-week',
      title: 'Live Tutor Training',
      startsAt: daysAgo(now, -7),
      durationMinutes: 120,
      joinUrl: 'https://meet.example.org/live-training',
    },
    {
      id: 'evt-office-hours-thursday',
      title: 'Onboarding Office Hours',
      startsAt: daysAgo(now, -3),
      durationMinutes: 60,
      joinUrl: 'https://meet.example.org/office-hours',
    },
    {
      id: 'evt-live-training-last-week',
      title: 'Live Tutor Training',
      startsAt: daysAgo(now, 7),
      durationMinutes: 120,
      joinUrl: 'https://meet.example.org/live-training',
    },
  ]);
}

/** Onboarding applicants at each stage. */
async function seedApplicants(
  db: Database,
  now: Date,
  options: { jordan: string; availabilityFormUrl: string },
) {
  const { availabilityFormUrl } = options;
  await db.insert(applicants).values([
    {
      // Fresh: the onboarding chat is booked, no task done yet.
      tutorCode: 'APP-30117',
      firstName: 'Sam',
      lastName: 'Rivera',
      email: DEMO_APPLICANT_EMAILS.sam,
      phone: '510-555-0199',
      interviewDate: daysAgo(now, 2),
      availabilityFormUrl,
      createdAt: daysAgo(now, 4),
    },
    {
      // Half-way: waiver and training done, background check and availability to go.
      tutorCode: 'APP-30142',
      firstName: 'Alex',
      lastName: 'Morgan',
      email: DEMO_APPLICANT_EMAILS.alex,
      phone: '415-555-0142',
      interviewDate: daysAgo(now, 9),
      waiverCompleted: true,
      workbookCompleted: true,
      liveTrainingAttended: true,
      availabilityFormUrl,
      createdAt: daysAgo(now, 12),
    },
    {
      // Has not booked the onboarding chat: the dashboard sends them to scheduling.
      tutorCode: 'APP-30188',
      firstName: 'Casey',
      lastName: 'Brooks',
      email: DEMO_APPLICANT_EMAILS.casey,
      phone: '628-555-0188',
      availabilityFormUrl,
      createdAt: daysAgo(now, 1),
    },
    {
      // Every task done: waiting to be matched.
      tutorCode: 'APP-30203',
      firstName: 'Taylor',
      lastName: 'Nguyen',
      email: DEMO_APPLICANT_EMAILS.taylor,
      phone: '408-555-0203',
      status: 'Ready to Tutor',
      interviewDate: daysAgo(now, 20),
      waiverCompleted: true,
      workbookCompleted: true,
      backgroundCheckCleared: true,
      availability: 'Tuesday 17:00-19:00',
      availabilityFormUrl,
      createdAt: daysAgo(now, 25),
    },
    {
      // Matched with students: onboarding complete.
      tutorCode: 'APP-30077',
      firstName: 'Jamie',
      lastName: 'Ortiz',
      email: DEMO_APPLICANT_EMAILS.jamie,
      phone: '650-555-0077',
      status: 'Matched',
      interviewDate: daysAgo(now, 60),
      waiverCompleted: true,
      workbookCompleted: true,
      liveTrainingAttended: true,
      backgroundCheckCleared: true,
      availability: 'Friday 16:00-17:00',
      availabilityFormUrl,
      tutorId: options.jordan,
      createdAt: daysAgo(now, 70),
    },
  ]);
}
