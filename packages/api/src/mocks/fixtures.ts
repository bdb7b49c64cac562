import type { components } from '../schema';

type Schemas = components['schemas'];

// Every fixture is checked against the generated contract with `satisfies`, so a fixture that
// drifts from openapi.yaml fails to compile.

export const studentAna = {
  id: 'stu-ana',
  Student_ID: 'S-1042',
  First_Name: 'Ana',
  Last_Name: 'García',
  Guardian_First_Name: 'Lucía',
  Guardian_Last_Name: 'García',
  Student_Language: 'English',
  Language: 'Spanish',
  District_Text: 'Oakland Unified',
  School_Text: 'Garfield Elementary',
  grade: '4th',
  Program_Type: 'Math',
  First_Matched_Date_from_Matched: '2026-02-03T00:00:00.000Z',
  Availability: 'Tuesday 16:00-17:00',
  Tutoring_Code: 'ANA-7Q2K',
  information: { 'Grade Level': '4th', 'Math Tool Login': 'ana.garcia42' },
  Math_Tool_ID: 'mt-88213',
  Subject_s_: ['Math'],
  lastSession: 3,
  Last_Message: '¡Gracias! Ana estará lista a las 4.',
  Last_Message_By: 'Guardian',
  studentTwilio: '+15105550142',
} satisfies Schemas['Student'];

export const studentLiam = {
  id: 'stu-liam',
  Student_ID: 'S-1077',
  First_Name: 'Liam',
  Last_Name: 'Okafor',
  Guardian_First_Name: 'Grace',
  Guardian_Last_Name: 'Okafor',
  Student_Language: 'English',
  Language: 'English',
  District_Text: 'San Leandro Unified',
  School_Text: 'Madison Middle School',
  grade: '6th',
  Program_Type: 'Math and Reading',
  First_Matched_Date_from_Matched: '2025-10-14T00:00:00.000Z',
  Availability: 'Thursday 17:00-18:00',
  Tutoring_Code: 'LIA-3M9P',
  information: { 'Grade Level': '6th' },
  Math_Tool_ID: 'mt-90417',
  Subject_s_: ['Math', 'Reading'],
  lastSession: 14,
  Last_Message: 'Liam is sick this week, sorry!',
  Last_Message_By: 'Guardian',
  studentTwilio: '+15105550177',
} satisfies Schemas['Student'];

export const studentMia = {
  id: 'stu-mia',
  Student_ID: 'S-1103',
  First_Name: 'Mia',
  Last_Name: 'Nguyen',
  Guardian_First_Name: 'Thanh',
  Guardian_Last_Name: 'Nguyen',
  Student_Language: 'English',
  Language: 'English',
  District_Text: 'Oakland Unified',
  School_Text: 'Lincoln Elementary',
  grade: '3rd',
  Program_Type: 'Reading',
  First_Matched_Date_from_Matched: null,
  Availability: 'Monday 15:30-16:30',
  Tutoring_Code: 'MIA-5T1B',
  information: {},
  Math_Tool_ID: null,
  Subject_s_: ['Reading'],
  lastSession: null,
  Last_Message: null,
  Last_Message_By: null,
  studentTwilio: '+15105550103',
} satisfies Schemas['Student'];

export const studentNoah = {
  id: 'stu-noah',
  Student_ID: 'S-2011',
  First_Name: 'Noah',
  Last_Name: 'Silva',
  Guardian_First_Name: 'Marta',
  Guardian_Last_Name: 'Silva',
  Student_Language: 'Portuguese',
  Language: 'English',
  District_Text: 'Hayward Unified',
  School_Text: 'Tennyson High School',
  grade: '7th',
  Program_Type: 'Math',
  First_Matched_Date_from_Matched: '2026-01-09T00:00:00.000Z',
  Availability: 'Wednesday 18:00-19:00',
  Tutoring_Code: 'NOA-8W4D',
  information: { 'Grade Level': '7th' },
  Math_Tool_ID: 'mt-70022',
  Subject_s_: ['Math'],
  lastSession: 6,
  Last_Message: 'Great session today!',
  Last_Message_By: 'Tutor',
  studentTwilio: '+15105550211',
} satisfies Schemas['Student'];

export const weeklyAnnouncements = [
  {
    id: 'wa-2026-11-16',
    title: 'Thanksgiving week schedule',
    content: '<p>Sessions on <strong>Thursday 26 November</strong> are optional.</p>',
    created_at: '2026-11-16T15:00:00.000Z',
  },
  {
    id: 'wa-2026-11-09',
    title: 'New reading curriculum',
    content: '<p>Unit 3 of the reading curriculum is live in the Learning Portal.</p>',
    created_at: '2026-11-09T15:00:00.000Z',
  },
] satisfies Schemas['WeeklyAnnouncement'][];

export const tutorMaya = {
  id: 'tut-maya',
  Tutor_ID: 'T-0311',
  Record_ID: 'recMaya0311',
  First_Name: 'Maya',
  Last_Name: 'Chen',
  email: 'maya.chen@tutoring.example.org',
  Availability: 'Tuesday 16:00-18:00',
  Availability_Form: 'https://forms.example.org/availability?form=tutor',
  correspondents: [studentAna, studentLiam, studentMia],
  weeklyAnnouncements,
  latestViewedAnnouncement: { id: 'wa-2026-11-09', date: '2026-11-09T15:00:00.000Z' },
  hasNewAnnouncement: true,
  totalSessions: 46,
  minutesTutored: 2760,
  stats: {
    currentStudents: 3,
    firstMatch: '2025-10-14T00:00:00.000Z',
    sessions: 46,
    last30DaysSessions: 7,
    tutoringHours: 46,
    last30DaysTutoringHours: 6.5,
    hoursUntilPromotion: 4,
    nextTitle: 'Senior Tutor',
    currentTitle: 'Tutor',
    capacity: 3,
  },
} satisfies Schemas['Tutor'];

export const tutorJordan = {
  id: 'tut-jordan',
  Tutor_ID: 'T-0457',
  Record_ID: 'recJordan0457',
  First_Name: 'Jordan',
  Last_Name: 'Lee',
  email: 'jordan.lee@tutoring.example.org',
  Availability: 'Saturday 10:00-12:00',
  Availability_Form: null,
  correspondents: [studentNoah],
  weeklyAnnouncements,
  latestViewedAnnouncement: null,
  hasNewAnnouncement: false,
  totalSessions: 12,
  minutesTutored: 690,
  stats: {
    currentStudents: 1,
    firstMatch: '2026-01-09T00:00:00.000Z',
    sessions: 12,
    last30DaysSessions: 4,
    tutoringHours: 11.5,
    last30DaysTutoringHours: 3.75,
    hoursUntilPromotion: null,
    nextTitle: null,
    currentTitle: 'Lead Tutor',
    capacity: 2,
  },
} satisfies Schemas['Tutor'];

export const messagesByStudentId = {
  'stu-ana': [
    {
      id: 'msg-ana-1',
      body: 'Hola, soy Maya, la tutora de Ana. ¿Le viene bien el martes a las 4?',
      isFromTutor: 'Yes',
      dateSent: '2026-11-17T23:02:00.000Z',
      messageType: 'activity',
    },
    {
      id: 'msg-ana-2',
      body: '¡Gracias! Ana estará lista a las 4.',
      isFromTutor: 'No',
      dateSent: '2026-11-17T23:40:00.000Z',
      messageType: 'activity',
    },
    {
      id: 'msg-ana-3',
      body: 'Reminder: sessions on Thanksgiving are optional.',
      isFromTutor: 'No',
      dateSent: '2026-11-19T16:00:00.000Z',
      messageType: 'admin',
    },
  ],
  'stu-liam': [
    {
      id: 'msg-liam-1',
      body: 'Hi Grace, is Liam available this Thursday?',
      isFromTutor: 'Yes',
      dateSent: '2026-11-05T20:15:00.000Z',
      messageType: 'activity',
    },
    {
      id: 'msg-liam-2',
      body: 'Liam is sick this week, sorry!',
      isFromTutor: 'No',
      dateSent: '2026-11-06T01:10:00.000Z',
      messageType: 'activity',
    },
  ],
  'stu-mia': [],
  'stu-noah': [
    {
      id: 'msg-noah-1',
      body: 'Great session today!',
      isFromTutor: 'Yes',
      dateSent: '2026-11-18T02:30:00.000Z',
      messageType: 'activity',
    },
  ],
} satisfies Record<string, Schemas['Message'][]>;

export const portalAnnouncements = [
  {
    id: 'pa-003',
    subject: 'Winter break dates',
    message:
      '<p>Tutoring pauses from <strong>21 December</strong> to <strong>4 January</strong>. ' +
      'See the <a href="https://help.example.org/winter-break">schedule</a>.</p>',
    createdAt: '2026-11-18T17:00:00.000Z',
  },
  {
    id: 'pa-002',
    subject: 'Office hours moved',
    message:
      '<p>Office hours are now on <em>Wednesdays at 6 pm</em>.</p><ul><li>Zoom link unchanged</li></ul>',
    createdAt: '2026-11-04T17:00:00.000Z',
  },
  {
    id: 'pa-001',
    subject: 'Welcome to the new Tutor Portal',
    message: '<p>Everything you need in one place: students, messages and tasks.</p>',
    createdAt: '2026-10-01T16:00:00.000Z',
  },
] satisfies Schemas['PortalAnnouncement'][];

export const readAnnouncementIds = ['pa-001'] satisfies string[];

export const actionItems = [
  {
    Action_Item_ID: 'ai-104',
    Title: 'Submit your weekly progress report',
    Description: 'Tell us how last week’s sessions went.',
    URL: 'forms.example.org/weekly-progress',
    CreatedAt: '2026-11-16T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-103',
    Title: 'Complete the mid-year tutor survey',
    Description: 'Completes automatically when the survey is submitted.',
    URL: 'https://forms.example.org/mid-year-survey',
    CreatedAt: '2026-11-10T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: true,
  },
  {
    Action_Item_ID: 'ai-101',
    Title: 'Read the updated Tutor Handbook',
    Description: 'Section 4 covers the new messaging rules.',
    URL: 'https://help.example.org/handbook',
    CreatedAt: '2026-10-02T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: false,
  },
] satisfies Schemas['ActionItem'][];

export const onboardingTutorSam = {
  firstName: 'Sam',
  lastName: 'Rivera',
  phone: '+1 510 555 0199',
  tutorId: 'T-0902',
  id: 'onb-sam',
  status: 'Application Accepted',
  waiver: true,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: '',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'sam.rivera@example.com',
  interviewDate: '2026-11-12T18:00:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

const lesson = (
  id: string,
  Lesson_Id: number,
  Lesson_Name: string,
  Topic: string,
): Schemas['Lesson'] => ({
  id,
  Lesson_Id,
  Lesson_Name,
  Topic,
  URL: `https://learn.example.org/lessons/${id}`,
});

export const learningPathwayAna = {
  Pathway_Name: 'Grade 4 Math: Fractions',
  Intro_description: 'Ana is building fluency with fractions and multi-digit multiplication.',
  introActivities: {
    'Best Part of the Week': { description: 'Ask Ana about the best part of her week.' },
    'Mental Math': { description: 'Two quick mental-math problems.' },
  },
  Lessons: [
    lesson('les-401', 1, 'Equivalent fractions with models', 'Fractions'),
    lesson('les-402', 2, 'Comparing fractions', 'Fractions'),
    lesson('les-403', 3, 'Adding fractions with like denominators', 'Fractions'),
    lesson('les-411', 4, 'Multiplying by one-digit numbers', 'Multiplication'),
    lesson('les-412', 5, 'Multiplying two-digit numbers', 'Multiplication'),
    lesson('les-421', 6, 'Measuring angles', 'Geometry'),
  ],
  Additional_lessons: [lesson('les-490', 7, 'Fraction review games', 'Fractions')],
  completed_lessons: { 'les-401': true, 'les-402': true },
  Assessment_result: '',
  Post_Assessment: 'Fractions post-assessment',
  Post_Assessment_URL: 'https://forms.example.org/post-assessment/fractions',
  Next_Pre_Assessment_URL: 'https://forms.example.org/pre-assessment/unit-2',
  student_obj: { First_Name: 'Ana', grade: '4th' },
} satisfies Schemas['LearningPathway'];

export const learningPathwayLiam = {
  Pathway_Name: 'Grade 6 Math First Sessions',
  Intro_description: 'Getting to know Liam and his goals.',
  introActivities: { 'Check In': { description: 'Please ask your student about their day.' } },
  Lessons: [
    lesson('les-601', 1, 'Ratios in everyday life', 'Ratios'),
    lesson('les-602', 2, 'Unit rates', 'Ratios'),
    lesson('les-611', 3, 'Dividing fractions', 'Number System'),
  ],
  Additional_lessons: [lesson('les-690', 4, 'Ratio tables practice', 'Ratios')],
  completed_lessons: {},
  Assessment_result: 'Failed',
  Post_Assessment: 'Ratios post-assessment',
  Post_Assessment_URL: 'https://forms.example.org/post-assessment/ratios',
  Next_Pre_Assessment_URL: null,
  student_obj: { First_Name: 'Liam', grade: '6th' },
} satisfies Schemas['LearningPathway'];

/** Pathways by student id; a student without one (Mia) gets null. */
export const learningPathwaysByStudentId = {
  'stu-ana': learningPathwayAna,
  'stu-liam': learningPathwayLiam,
} satisfies Record<string, Schemas['LearningPathway']>;

/** Step-up tokens the sign-in mocks accept (from magic links), and the custom token they answer. */
export const validStepUpToken = 'demo-step-up-token-sam-rivera';
export const customTokenSam = 'demo-custom-token-sam-rivera';

/** E-mail that createNewOnboardingUser reports as already registered. */
export const existingApplicantEmail = onboardingTutorSam.email;

/** Live training events applicants can register for (addEventAttendee). */
export const trainingEventIds = ['evt-live-training-2026-12-05', 'evt-office-hours-2026-12-09'];
