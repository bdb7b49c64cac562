import type { components } from '../schema';
import { deliveryFailure, type StudentRecord, withSummary } from './inbox';
import type { MockDbSeed } from './types';

type Schemas = components['schemas'];

// Every fixture is checked against the generated contract with `satisfies` (or a type), so one that
// drifts from openapi.yaml fails to compile (and src/contract.test.ts validates each against the
// contract's JSON schemas too). Dates are relative to `fixtureNow`; `scenarios` at the end names
// the database seeds a story or test starts from: createMockDb(scenarios.tutorWithTwelveStudents).
// What a student's card shows of its conversation (Last_Message, unreadCount, lastMessage,
// needsAttention) is computed from the conversations and read marks (inbox.ts), never written by
// hand: the conversations come first, then the students.

/**
 * The fixed clock of every story and test: Friday 20 November 2026, 18:00 UTC (10:00 in
 * California). Relative to it, Ana's conversation has the date groups Today, Yesterday, a weekday
 * and a full date, in every time zone from UTC-8 to UTC+1.
 */
export const fixtureNow = '2026-11-20T18:00:00.000Z';

// ----------------------------------------------------------------------------- families' languages

/**
 * A family that reads Spanish on a server that translates (DeepL): the tutor's texts go out in
 * Spanish, the family's replies arrive in English.
 */
const spanishTranslated = {
  name: 'Spanish',
  code: 'es',
  translated: true,
} satisfies Schemas['FamilyLanguage'];

/** A family that reads Spanish on a server without translation: texts go out as written. */
const spanishNotTranslated = {
  name: 'Spanish',
  code: 'es',
  translated: false,
} satisfies Schemas['FamilyLanguage'];

// --------------------------------------------------------------------------------- conversations

type Sender = 'tutor' | 'guardian' | 'admin';

/** What a row may say of its message beyond the text: how far it got, why not, its pictures. */
type RowDetails = Pick<
  Schemas['Message'],
  'deliveryStatus' | 'failure' | 'sentAsWritten' | 'media' | 'scheduledFor'
>;

type Row = readonly [
  dateSent: string,
  from: Sender,
  body: string,
  translated?: string | undefined,
  details?: RowDetails,
];

/**
 * A conversation from [dateSent, sender, text, translated text, details] rows: the tutor's and the
 * guardian's texts are messageType 'activity', the organisation's admins' are 'admin'. A row with
 * a translated text carries it as the message's `translation` into or from `language`: for the
 * tutor's text, what the family received; for the guardian's reply, its English (a reply without
 * one, to a family whose texts are translated, is `notTranslated`, as the server answers it). The
 * rows follow `earlier` (a conversation they continue), numbered on from it.
 */
function conversation(
  studentId: string,
  rows: ReadonlyArray<Row>,
  language?: Schemas['FamilyLanguage'],
  earlier: readonly Schemas['Message'][] = [],
): Schemas['Message'][] {
  const key = studentId.replace(/^stu-/, '');
  const more = rows.map(
    ([dateSent, from, body, translated, details], index): Schemas['Message'] => ({
      id: `msg-${key}-${earlier.length + index + 1}`,
      body,
      isFromTutor: from === 'tutor' ? 'Yes' : 'No',
      dateSent,
      messageType: from === 'admin' ? 'admin' : 'activity',
      // The carrier confirmed every earlier text of the tutor's, unless the row says otherwise.
      ...(from === 'tutor' ? { deliveryStatus: 'delivered' as const } : {}),
      ...(translated !== undefined && language
        ? {
            translation: {
              languageName: language.name,
              languageCode: language.code,
              text: translated,
            },
          }
        : {}),
      ...(from === 'guardian' && translated === undefined && language?.translated
        ? { notTranslated: true }
        : {}),
      ...details,
    }),
  );
  return [...earlier, ...more];
}

/**
 * Maya and Ana's family, relative to `fixtureNow`: a full date (Thursday 5 November), a weekday
 * (Tuesday), Yesterday and Today; guardian ('activity') and admin messages, Spanish and English.
 */
export const conversationWithDateGroups = conversation('stu-ana', [
  [
    '2026-11-05T20:15:00.000Z',
    'tutor',
    'Hola, soy Maya, la tutora de Ana. ¿Le viene bien el martes a las 4?',
  ],
  ['2026-11-05T22:40:00.000Z', 'guardian', 'Sí, el martes a las 4 está bien. Gracias, Maya.'],
  [
    '2026-11-17T16:10:00.000Z',
    'admin',
    'Reminder: post-assessments for the fractions unit open next week. The link is in Ana’s Learning Hub.',
  ],
  [
    '2026-11-17T21:05:00.000Z',
    'tutor',
    '¡Ana trabajó muy bien hoy comparando fracciones! La próxima vez: sumar fracciones.',
  ],
  [
    '2026-11-19T16:00:00.000Z',
    'admin',
    'Reminder: sessions on Thanksgiving (Thursday 26 November) are optional.',
  ],
  [
    '2026-11-19T21:30:00.000Z',
    'tutor',
    'Hola Lucía, ¿podemos tener una sesión extra mañana viernes a las 4 para repasar antes de la evaluación?',
  ],
  ['2026-11-20T15:20:00.000Z', 'guardian', '¡Gracias! Ana estará lista a las 4.'],
]);

/**
 * Maya and Carla's family (`studentSpanishAtTenDays`, Spanish, translated): Maya's texts in her
 * own English with what the family received in Spanish, and Rosa's replies as received in
 * Spanish with their English. An admin reminder in between is not translated.
 */
export const conversationTranslated = conversation(
  'stu-carla',
  [
    [
      '2026-11-16T17:30:00.000Z',
      'tutor',
      "Hi Rosa, this is Maya, Carla's reading tutor. Does Monday at 4 still work for you?",
      'Hola Rosa, soy Maya, la tutora de lectura de Carla. ¿Le sigue viniendo bien el lunes a las 4?',
    ],
    [
      '2026-11-16T19:05:00.000Z',
      'guardian',
      'Sí, el lunes a las 4 está bien. Carla está muy contenta.',
      'Yes, Monday at 4 is fine. Carla is very happy.',
    ],
    [
      '2026-11-19T16:00:00.000Z',
      'admin',
      'Reminder: sessions on Thanksgiving (Thursday 26 November) are optional.',
    ],
    [
      '2026-11-19T22:10:00.000Z',
      'tutor',
      'Carla read two chapters with me today. Ask her about the story at dinner!',
      'Carla leyó dos capítulos conmigo hoy. ¡Pregúntele por la historia en la cena!',
    ],
    [
      '2026-11-20T15:45:00.000Z',
      'guardian',
      '¡Gracias, Maya! Nos contó toda la historia.',
      'Thank you, Maya! She told us the whole story.',
    ],
  ],
  spanishTranslated,
);

/**
 * Maya and Liam's family over seven weeks: 42 messages, several long ones over several lines,
 * links, admin reminders, and the guardian's last message two days after the last session.
 */
export const longConversation = conversation('stu-liam', [
  [
    '2026-09-28T16:05:00.000Z',
    'tutor',
    "Hi Grace, this is Maya, Liam's tutor again this school year. I'm looking forward to working with him! Does Thursday at 5 pm still work for your family?",
  ],
  [
    '2026-09-28T18:42:00.000Z',
    'guardian',
    "Hi Maya! Yes, Thursdays at 5 are perfect. Liam was happy to hear it's you again.",
  ],
  ['2026-09-28T18:44:00.000Z', 'guardian', 'Should he use the same login as last year?'],
  [
    '2026-09-28T19:10:00.000Z',
    'tutor',
    'Yes, same login. Here is the learning space in case you need it: https://learn.example.org/join/liam-okafor',
  ],
  [
    '2026-10-01T22:15:00.000Z',
    'tutor',
    "Great first session today! Liam remembered a lot of his ratio work from last spring.\n\nThis week we'll practise:\n- unit rates with grocery prices\n- reading ratio tables\n\nNo homework, but if he wants extra practice the math tool has a 'Ratios' playlist.",
  ],
  ['2026-10-01T22:48:00.000Z', 'guardian', 'Thank you so much! He said it was fun.'],
  [
    '2026-10-07T15:30:00.000Z',
    'admin',
    'Reminder from the Volunteer Tutoring Network: fall progress reports are due by Friday 16 October.',
  ],
  ['2026-10-08T17:02:00.000Z', 'tutor', "Hi Grace, just confirming today's session at 5."],
  ['2026-10-08T17:20:00.000Z', 'guardian', "Confirmed, he'll be ready."],
  [
    '2026-10-08T21:30:00.000Z',
    'tutor',
    'Today we worked on dividing fractions. Liam got stuck on why we flip the second fraction, so we drew it with fraction bars and it clicked by the end.',
  ],
  [
    '2026-10-09T14:05:00.000Z',
    'guardian',
    'He showed his dad the fraction bars at dinner, thank you!',
  ],
  [
    '2026-10-13T19:40:00.000Z',
    'guardian',
    'Hi Maya, Liam has a dentist appointment on Thursday at 4:30. Could we start at 5:30 instead?',
  ],
  ['2026-10-13T20:02:00.000Z', 'tutor', 'No problem, 5:30 works for me. See you then!'],
  [
    '2026-10-15T21:55:00.000Z',
    'tutor',
    "Thanks for moving the time. A quick summary of today:\n\n1. Warm-up: two mental-math problems (he got both).\n2. Lesson: unit rates, comparing the price per ounce of two cereal boxes.\n3. Practice: 6 problems in the math tool, 5 correct.\n\nHe is ready for the ratios post-assessment in a couple of weeks. I'll send the link when it opens.",
  ],
  ['2026-10-15T22:20:00.000Z', 'guardian', 'Wonderful, thank you for the update.'],
  [
    '2026-10-19T16:00:00.000Z',
    'admin',
    'The Volunteer Tutoring Network office is closed on Monday 26 October. Sessions go ahead as usual.',
  ],
  [
    '2026-10-21T18:10:00.000Z',
    'guardian',
    'Hi Maya, is there anything Liam should bring tomorrow?',
  ],
  ['2026-10-21T18:35:00.000Z', 'tutor', "Just paper and a pencil. We'll start with a ratio game."],
  [
    '2026-10-22T21:45:00.000Z',
    'tutor',
    'Liam beat me at the ratio game twice today. We also started the ratio tables practice lesson.',
  ],
  ['2026-10-22T22:01:00.000Z', 'guardian', "Ha! He's very competitive. Thanks Maya."],
  [
    '2026-10-26T17:30:00.000Z',
    'tutor',
    "Hi Grace, the ratios post-assessment is open. Liam can take it with me on Thursday; it takes about 30 minutes. Here's the page for families: https://help.example.org/post-assessments/families",
  ],
  ['2026-10-26T19:15:00.000Z', 'guardian', 'Okay. Should he study for it?'],
  [
    '2026-10-26T19:40:00.000Z',
    'tutor',
    "No studying needed! It helps us see what to work on next, and there's no grade attached.",
  ],
  [
    '2026-10-29T21:50:00.000Z',
    'tutor',
    "Liam finished the post-assessment today. He rushed a bit at the end, so we'll review a few ratio problems together before moving on.",
  ],
  [
    '2026-10-29T22:30:00.000Z',
    'guardian',
    'Thanks for letting me know. He was tired after soccer practice.',
  ],
  ['2026-10-29T22:32:00.000Z', 'guardian', "We'll make sure he rests before the next session."],
  [
    '2026-10-30T15:10:00.000Z',
    'tutor',
    "Totally understandable! Next week I'll start with a short review and keep the new material light.",
  ],
  [
    '2026-11-02T16:45:00.000Z',
    'admin',
    "Daylight saving time ended on Sunday. Please confirm session times with your student's family this week.",
  ],
  [
    '2026-11-02T18:20:00.000Z',
    'tutor',
    'Hi Grace, just checking: with the time change, is Thursday at 5 pm still 5 pm for you?',
  ],
  ['2026-11-02T18:55:00.000Z', 'guardian', 'Yes, still 5 pm. Thanks for checking!'],
  [
    '2026-11-03T20:10:00.000Z',
    'guardian',
    "Maya, Liam's teacher said his math has really improved this fall. Thank you for everything you do!",
  ],
  [
    '2026-11-03T20:40:00.000Z',
    'tutor',
    "That's so wonderful to hear! He has worked really hard. Please tell him I'm proud of him.",
  ],
  [
    '2026-11-04T17:05:00.000Z',
    'tutor',
    "Here's the plan for this week:\n- Review: ratios and unit rates\n- New: an introduction to percentages\n\nIf he has a school math worksheet, he can bring it and we'll look at it together.",
  ],
  [
    '2026-11-04T17:30:00.000Z',
    'guardian',
    'He has a worksheet on percentages, perfect timing! But he has a school concert on Thursday evening. Could we do Friday at 5 this week?',
  ],
  ['2026-11-04T17:52:00.000Z', 'tutor', 'Friday at 5 works. Good luck to him at the concert!'],
  [
    '2026-11-06T22:05:00.000Z',
    'tutor',
    'Fun session today. Liam finished his percentages worksheet on his own by the end. Next week: percent of a number.',
  ],
  ['2026-11-06T22:40:00.000Z', 'guardian', 'Thank you! The concert went great too.'],
  [
    '2026-11-09T16:30:00.000Z',
    'admin',
    'Need a substitute or a make-up session? Request one from the Tutor Portal under Session Management.',
  ],
  ['2026-11-11T18:00:00.000Z', 'tutor', 'Hi Grace, see you tomorrow at 5 as usual!'],
  ['2026-11-12T15:20:00.000Z', 'guardian', "Maya, I'm so sorry, Liam woke up with a fever."],
  [
    '2026-11-12T15:45:00.000Z',
    'tutor',
    'Oh no, I hope he feels better soon! Should we skip this week?',
  ],
  ['2026-11-12T16:10:00.000Z', 'guardian', 'Liam is sick this week, sorry!'],
]);

/**
 * Conversations by student id, for every student of every tutor above (and Carla, Maya's in
 * `scenarios.familyTranslated`); Mia's is empty.
 */
export const messagesByStudentId = {
  'stu-ana': conversationWithDateGroups,
  'stu-liam': longConversation,
  'stu-mia': [],
  'stu-noah': [
    {
      id: 'msg-noah-1',
      body: 'Great session today!',
      isFromTutor: 'Yes',
      dateSent: '2026-11-18T02:30:00.000Z',
      messageType: 'activity',
      deliveryStatus: 'delivered',
    },
  ],
  'stu-carla': conversationTranslated,
  'stu-maria': conversation(
    'stu-maria',
    [
      [
        '2026-11-16T17:00:00.000Z',
        'tutor',
        'Hello Ms. Castellanos, can María Guadalupe join on Wednesday at 4?',
        'Hola, Sra. Castellanos. ¿María Guadalupe puede conectarse el miércoles a las 4?',
      ],
      [
        '2026-11-16T18:25:00.000Z',
        'guardian',
        'Sí, claro. Gracias, Daniel.',
        'Yes, of course. Thank you, Daniel.',
      ],
      [
        '2026-11-18T22:10:00.000Z',
        'tutor',
        'Great session today! María Guadalupe read a whole chapter aloud.',
        '¡Muy buena sesión hoy! María Guadalupe leyó un capítulo entero en voz alta.',
      ],
    ],
    spanishTranslated,
  ),
  'stu-oluwaseun': conversation('stu-oluwaseun', [
    [
      '2026-10-30T21:40:00.000Z',
      'tutor',
      'Great work on linear equations today, Oluwaseun! Next time: word problems.',
    ],
    [
      '2026-11-09T16:00:00.000Z',
      'guardian',
      'Hi Daniel, Oluwaseun has basketball tryouts for the next two weeks. Can we pause until December?',
    ],
  ]),
  'stu-kwame': conversation('stu-kwame', [
    ['2026-10-21T21:00:00.000Z', 'tutor', 'Thanks for a great first session, Kwame!'],
    ['2026-10-28T17:00:00.000Z', 'tutor', 'Hi Ms. Mensah, is Kwame still available on Sundays?'],
    [
      '2026-11-12T17:00:00.000Z',
      'admin',
      "Kwame's family has not replied for two weeks. Contact Match Support if you need help reaching them.",
    ],
  ]),
} satisfies Record<string, Schemas['Message'][]>;

// -------------------------------------------------------------------------------------- read marks

/**
 * How far the tutor has read each conversation: the newest message seen on screen. Every one is
 * read to its end but Ana's: Lucía replied this morning (msg-ana-7), after Maya last opened the
 * chat to write to her, so Maya's dashboard shows one unread reply.
 */
export const readMarksByStudentId = {
  'stu-ana': 'msg-ana-6',
  'stu-liam': 'msg-liam-42',
  'stu-noah': 'msg-noah-1',
  'stu-carla': 'msg-carla-5',
  'stu-maria': 'msg-maria-3',
  'stu-oluwaseun': 'msg-oluwaseun-2',
  'stu-kwame': 'msg-kwame-3',
} satisfies Record<string, string>;

/** A student with what its conversations and read mark decide (Last_Message, unreadCount ...). */
function summarised<Student extends StudentRecord>(
  student: Student,
  conversations: Record<string, Schemas['Message'][]> = messagesByStudentId,
  readMarks: Record<string, string> = readMarksByStudentId,
) {
  return withSummary(student, conversations[student.id] ?? [], readMarks[student.id]);
}

/** Students with what their conversations and read marks decide. */
function summarisedAll(students: StudentRecord[]): Schemas['Student'][] {
  return students.map((student) => summarised(student));
}

// ------------------------------------------------------------------------------------- students

/**
 * Maya's student whose family reads Spanish, on a server that does not translate: Maya writes to
 * them in Spanish herself, and the notice says texts go out exactly as written.
 */
export const studentAna = summarised({
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
  studentTwilio: '+15105550142',
  familyLanguage: spanishNotTranslated,
} satisfies StudentRecord);

export const studentLiam = summarised({
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
  studentTwilio: '+15105550177',
  familyLanguage: null,
} satisfies StudentRecord);

export const studentMia = summarised({
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
  studentTwilio: '+15105550103',
  familyLanguage: null,
} satisfies StudentRecord);

export const studentNoah = summarised({
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
  studentTwilio: '+15105550211',
  familyLanguage: null,
} satisfies StudentRecord);

/**
 * A Spanish-speaking family whose messages are translated, and whose last session was exactly 10
 * days ago: the translation notice and no 'No session in N days' flag (the flag is for more than
 * 10 days, spec §9). In no tutor's list but Maya's in `scenarios.familyTranslated`, where
 * `conversationTranslated` is their chat.
 */
export const studentSpanishAtTenDays = summarised({
  id: 'stu-carla',
  Student_ID: 'S-1120',
  First_Name: 'Carla',
  Last_Name: 'Reyes',
  Guardian_First_Name: 'Rosa',
  Guardian_Last_Name: 'Reyes',
  Student_Language: 'Spanish',
  Language: 'Spanish',
  District_Text: 'Oakland Unified',
  School_Text: 'Fruitvale Elementary',
  grade: '3rd',
  Program_Type: 'Reading',
  First_Matched_Date_from_Matched: '2026-03-10T00:00:00.000Z',
  Availability: 'Monday 16:00-17:00',
  Tutoring_Code: 'CAR-6J3R',
  information: { 'Grade Level': '3rd' },
  Math_Tool_ID: null,
  Subject_s_: ['Reading'],
  lastSession: 10,
  studentTwilio: '+15105550120',
  familyLanguage: spanishTranslated,
} satisfies StudentRecord);

/**
 * The longest student card: long first, last and guardian names (single words of up to 29
 * characters), long subjects, a Spanish-speaking family and 21 days without a session, so the
 * flag and the translation notice have to wrap as well. In no tutor's list.
 */
export const studentWithLongNamesAndSessionGap = summarised({
  id: 'stu-maximiliana',
  Student_ID: 'S-1121',
  First_Name: 'Maximiliana',
  Last_Name: 'Featherstonehaugh-Worthington',
  Guardian_First_Name: 'Guadalupe',
  Guardian_Last_Name: 'Featherstonehaugh-Worthington',
  Student_Language: 'Spanish',
  Language: 'Spanish',
  District_Text: 'West Contra Costa Unified',
  School_Text: 'Richmond High School',
  grade: '8th',
  Program_Type: 'Math and Reading',
  First_Matched_Date_from_Matched: '2025-09-02T00:00:00.000Z',
  Availability: 'Tuesday 18:00-19:00',
  Tutoring_Code: 'MAX-5P7C',
  information: { 'Grade Level': '8th' },
  Math_Tool_ID: 'mt-40981',
  Subject_s_: ['Mathematics (Algebra I)', 'English Language Arts', 'Earth Science'],
  lastSession: 21,
  studentTwilio: '+15105550121',
  familyLanguage: spanishTranslated,
} satisfies StudentRecord);

/**
 * Daniel Brooks's twelve students: long names (María Guadalupe Fernández-Castellanos, 37
 * characters), long subject lists, two Spanish-language families, three flagged 'No session in N
 * days', one without a session yet, and grades 3rd to 8th (students without a pathway in each
 * grade, for the grade-based pre-assessment links of §5).
 */
export const studentWithLongNameAndSubjects = summarised({
  id: 'stu-maria',
  Student_ID: 'S-3101',
  First_Name: 'María Guadalupe',
  Last_Name: 'Fernández-Castellanos',
  Guardian_First_Name: 'Rosa María',
  Guardian_Last_Name: 'Castellanos',
  Student_Language: 'Spanish',
  Language: 'Spanish',
  District_Text: 'West Contra Costa Unified',
  School_Text: 'Dover Elementary School',
  grade: '5th',
  Program_Type: 'Math and Reading',
  First_Matched_Date_from_Matched: '2026-09-08T00:00:00.000Z',
  Availability: 'Monday 16:00-17:00, Wednesday 16:00-17:00',
  Tutoring_Code: 'MAR-2H8V',
  information: { 'Grade Level': '5th', 'Math Tool Login': 'mariag.fernandez' },
  Math_Tool_ID: 'mt-61530',
  Subject_s_: [
    'Pre-Algebra and Foundations of Mathematical Reasoning',
    'English Language Development',
    'Reading Comprehension',
    'Science',
  ],
  lastSession: 2,
  studentTwilio: '+15105550301',
  familyLanguage: spanishTranslated,
} satisfies StudentRecord);

export const twelveStudents: Schemas['Student'][] = [
  studentWithLongNameAndSubjects,
  ...summarisedAll([
    {
      id: 'stu-oluwaseun',
      Student_ID: 'S-3102',
      First_Name: 'Oluwaseun',
      Last_Name: 'Adebayo-Richardson',
      Guardian_First_Name: 'Funmilayo',
      Guardian_Last_Name: 'Adebayo-Richardson',
      Student_Language: 'English',
      Language: 'English',
      District_Text: 'Oakland Unified',
      School_Text: 'Westlake Middle School',
      grade: '8th',
      Program_Type: 'Math',
      First_Matched_Date_from_Matched: '2026-09-10T00:00:00.000Z',
      Availability: 'Tuesday 17:00-18:00',
      Tutoring_Code: 'OLU-4K7R',
      information: { 'Grade Level': '8th', 'Math Tool Login': 'oluwaseun.ar' },
      Math_Tool_ID: 'mt-61544',
      Subject_s_: ['Algebra I', 'Pre-Algebra and Foundations of Mathematical Reasoning'],
      lastSession: 21,
      studentTwilio: '+15105550302',
      familyLanguage: null,
    },
    {
      id: 'stu-sofia',
      Student_ID: 'S-3103',
      First_Name: 'Sofia',
      Last_Name: 'Rossi',
      Guardian_First_Name: 'Giulia',
      Guardian_Last_Name: 'Rossi',
      Student_Language: 'English',
      Language: 'English',
      District_Text: 'Berkeley Unified',
      School_Text: 'Malcolm X Elementary',
      grade: '3rd',
      Program_Type: 'Reading',
      First_Matched_Date_from_Matched: '2026-09-15T00:00:00.000Z',
      Availability: 'Wednesday 15:30-16:30',
      Tutoring_Code: 'SOF-9P3M',
      information: {},
      Math_Tool_ID: null,
      Subject_s_: ['Reading Comprehension'],
      lastSession: 5,
      studentTwilio: '+15105550303',
      familyLanguage: null,
    },
    {
      id: 'stu-ethan',
      Student_ID: 'S-3104',
      First_Name: 'Ethan',
      Last_Name: 'Park',
      Guardian_First_Name: 'Ji-woo',
      Guardian_Last_Name: 'Park',
      Student_Language: 'Korean',
      Language: 'English',
      District_Text: 'Oakland Unified',
      School_Text: 'Piedmont Avenue Elementary',
      grade: '4th',
      Program_Type: 'Math',
      First_Matched_Date_from_Matched: '2026-09-15T00:00:00.000Z',
      Availability: 'Thursday 16:00-17:00',
      Tutoring_Code: 'ETH-6T2W',
      information: { 'Grade Level': '4th', 'Math Tool Login': 'ethan.park4' },
      Math_Tool_ID: 'mt-61561',
      Subject_s_: ['Math'],
      lastSession: 1,
      studentTwilio: '+15105550304',
      familyLanguage: null,
    },
    {
      id: 'stu-zara',
      Student_ID: 'S-3105',
      First_Name: 'Zara',
      Last_Name: 'Ahmed',
      Guardian_First_Name: 'Samira',
      Guardian_Last_Name: 'Ahmed',
      Student_Language: 'English',
      Language: 'English',
      District_Text: 'Hayward Unified',
      School_Text: 'Bowman Elementary',
      grade: '5th',
      Program_Type: 'Reading',
      First_Matched_Date_from_Matched: '2026-09-17T00:00:00.000Z',
      Availability: 'Monday 17:00-18:00',
      Tutoring_Code: 'ZAR-1C5N',
      information: { 'Grade Level': '5th' },
      Math_Tool_ID: null,
      Subject_s_: ['Reading Comprehension', 'Writing'],
      lastSession: 8,
      studentTwilio: '+15105550305',
      familyLanguage: null,
    },
    {
      id: 'stu-mateo',
      Student_ID: 'S-3106',
      First_Name: 'Mateo',
      Last_Name: 'Hernández',
      Guardian_First_Name: 'Alejandro',
      Guardian_Last_Name: 'Hernández',
      Student_Language: 'Spanish',
      Language: 'Spanish',
      District_Text: 'San Leandro Unified',
      School_Text: 'Washington Elementary',
      grade: '6th',
      Program_Type: 'Math',
      First_Matched_Date_from_Matched: '2026-09-22T00:00:00.000Z',
      Availability: 'Tuesday 16:00-17:00',
      Tutoring_Code: 'MAT-8D4J',
      information: { 'Grade Level': '6th' },
      Math_Tool_ID: 'mt-61588',
      Subject_s_: ['Math'],
      lastSession: 12,
      studentTwilio: '+15105550306',
      familyLanguage: spanishTranslated,
    },
    {
      id: 'stu-chloe',
      Student_ID: 'S-3107',
      First_Name: 'Chloé',
      Last_Name: 'Martin',
      Guardian_First_Name: 'Élodie',
      Guardian_Last_Name: 'Martin',
      Student_Language: 'French',
      Language: 'English',
      District_Text: 'Alameda Unified',
      School_Text: 'Lincoln Middle School',
      grade: '7th',
      Program_Type: 'Math and Reading',
      First_Matched_Date_from_Matched: '2026-09-22T00:00:00.000Z',
      Availability: 'Wednesday 17:00-18:00',
      Tutoring_Code: 'CHL-3V9Q',
      information: { 'Grade Level': '7th', 'Math Tool Login': 'chloe.martin7' },
      Math_Tool_ID: 'mt-61592',
      Subject_s_: ['Math', 'Reading Comprehension'],
      lastSession: 4,
      studentTwilio: '+15105550307',
      familyLanguage: null,
    },
    {
      id: 'stu-jamal',
      Student_ID: 'S-3108',
      First_Name: 'Jamal',
      Last_Name: 'Washington',
      Guardian_First_Name: 'Denise',
      Guardian_Last_Name: 'Washington',
      Student_Language: 'English',
      Language: 'English',
      District_Text: 'Oakland Unified',
      School_Text: 'Brookfield Elementary',
      grade: '3rd',
      Program_Type: 'Math',
      First_Matched_Date_from_Matched: null,
      Availability: 'Friday 15:30-16:30',
      Tutoring_Code: 'JAM-5R8X',
      information: {},
      Math_Tool_ID: null,
      Subject_s_: ['Math'],
      lastSession: null,
      studentTwilio: '+15105550308',
      familyLanguage: null,
    },
    {
      id: 'stu-hana',
      Student_ID: 'S-3109',
      First_Name: 'Hana',
      Last_Name: 'Sato',
      Guardian_First_Name: 'Yuki',
      Guardian_Last_Name: 'Sato',
      Student_Language: 'Japanese',
      Language: 'English',
      District_Text: 'Fremont Unified',
      School_Text: 'Mission Valley Elementary',
      grade: '4th',
      Program_Type: 'Reading',
      First_Matched_Date_from_Matched: '2026-10-06T00:00:00.000Z',
      Availability: 'Thursday 17:00-18:00',
      Tutoring_Code: 'HAN-7L2F',
      information: { 'Grade Level': '4th' },
      Math_Tool_ID: null,
      Subject_s_: ['English Language Development', 'Reading Comprehension'],
      lastSession: 6,
      studentTwilio: '+15105550309',
      familyLanguage: null,
    },
    {
      id: 'stu-isabella',
      Student_ID: 'S-3110',
      First_Name: 'Isabella',
      Last_Name: 'Moreno-Whitaker',
      Guardian_First_Name: 'Carmen',
      Guardian_Last_Name: 'Moreno',
      Student_Language: 'Spanish',
      Language: 'English',
      District_Text: 'West Contra Costa Unified',
      School_Text: 'Helms Middle School',
      grade: '6th',
      Program_Type: 'Math and Science',
      First_Matched_Date_from_Matched: '2026-10-06T00:00:00.000Z',
      Availability: 'Saturday 10:00-11:00',
      Tutoring_Code: 'ISA-2B6Y',
      information: { 'Grade Level': '6th', 'Math Tool Login': 'isabella.mw' },
      Math_Tool_ID: 'mt-61617',
      Subject_s_: ['Pre-Algebra and Foundations of Mathematical Reasoning', 'Science'],
      lastSession: 3,
      studentTwilio: '+15105550310',
      familyLanguage: null,
    },
    {
      id: 'stu-kwame',
      Student_ID: 'S-3111',
      First_Name: 'Kwame',
      Last_Name: 'Mensah',
      Guardian_First_Name: 'Abena',
      Guardian_Last_Name: 'Mensah',
      Student_Language: 'English',
      Language: 'English',
      District_Text: 'Oakland Unified',
      School_Text: 'Edna Brewer Middle School',
      grade: '7th',
      Program_Type: 'Math',
      First_Matched_Date_from_Matched: '2026-10-13T00:00:00.000Z',
      Availability: 'Sunday 14:00-15:00',
      Tutoring_Code: 'KWA-9N1S',
      information: { 'Grade Level': '7th' },
      Math_Tool_ID: 'mt-61633',
      Subject_s_: ['Math'],
      lastSession: 30,
      studentTwilio: '+15105550311',
      familyLanguage: null,
    },
    {
      id: 'stu-lily',
      Student_ID: 'S-3112',
      First_Name: 'Lily',
      Last_Name: 'Tran',
      Guardian_First_Name: 'Mai',
      Guardian_Last_Name: 'Tran',
      Student_Language: 'Vietnamese',
      Language: 'English',
      District_Text: 'San Lorenzo Unified',
      School_Text: 'Hesperian Elementary',
      grade: '5th',
      Program_Type: 'Reading',
      First_Matched_Date_from_Matched: '2026-10-20T00:00:00.000Z',
      Availability: 'Saturday 11:00-12:00',
      Tutoring_Code: 'LIL-4G7H',
      information: {},
      Math_Tool_ID: null,
      Subject_s_: ['Reading Comprehension'],
      lastSession: 0,
      studentTwilio: '+15105550312',
      familyLanguage: null,
    },
  ]),
];

/** Priya Raman's two students. */
export const studentsOfPriya: Schemas['Student'][] = summarisedAll([
  {
    id: 'stu-aiden',
    Student_ID: 'S-0871',
    First_Name: 'Aiden',
    Last_Name: 'Murphy',
    Guardian_First_Name: 'Siobhan',
    Guardian_Last_Name: 'Murphy',
    Student_Language: 'English',
    Language: 'English',
    District_Text: 'Oakland Unified',
    School_Text: 'Chabot Elementary',
    grade: '4th',
    Program_Type: 'Reading',
    First_Matched_Date_from_Matched: '2025-09-09T00:00:00.000Z',
    Availability: 'Tuesday 15:30-16:30',
    Tutoring_Code: 'AID-3F6K',
    information: { 'Grade Level': '4th' },
    Math_Tool_ID: null,
    Subject_s_: ['Reading'],
    lastSession: 3,
    studentTwilio: '+15105550871',
    familyLanguage: null,
  },
  {
    id: 'stu-fatima',
    Student_ID: 'S-0902',
    First_Name: 'Fatima',
    Last_Name: 'Noor',
    Guardian_First_Name: 'Amina',
    Guardian_Last_Name: 'Noor',
    Student_Language: 'Arabic',
    Language: 'English',
    District_Text: 'Hayward Unified',
    School_Text: 'Winton Middle School',
    grade: '6th',
    Program_Type: 'Math',
    First_Matched_Date_from_Matched: '2025-09-16T00:00:00.000Z',
    Availability: 'Thursday 16:30-17:30',
    Tutoring_Code: 'FAT-8W2E',
    information: { 'Grade Level': '6th', 'Math Tool Login': 'fatima.noor6' },
    Math_Tool_ID: 'mt-55120',
    Subject_s_: ['Math'],
    lastSession: 1,
    studentTwilio: '+15105550902',
    familyLanguage: null,
  },
]);

// ------------------------------------------------------------------------ weekly announcements

/**
 * Weekly announcements of GET /tutor (the What's New panel, the popup and the announcements
 * page). Maya has viewed the older one, and hasNewAnnouncement flags the newer as new.
 */
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

/** A full term of weekly announcements for the announcements timeline: long titles, lists, links. */
export const weeklyAnnouncementsFull = [
  ...weeklyAnnouncements,
  {
    id: 'wa-2026-11-02',
    title:
      'Daylight saving time has ended: please confirm session times with every family you tutor this week',
    content:
      '<p>Clocks went back one hour on Sunday 1 November. Families outside California may see a ' +
      'different time than you do.</p><ul><li>Send each family a quick confirmation text from ' +
      'the messenger.</li><li>Update your availability if your evenings changed.</li></ul>',
    created_at: '2026-11-02T15:00:00.000Z',
  },
  {
    id: 'wa-2026-10-26',
    title: 'Post-assessments open for every math unit',
    content:
      '<p>Post-assessments take about <strong>30 minutes</strong>. Open them from each ' +
      'student\'s Learning Hub, or read the <a href="https://help.example.org/post-assessments">' +
      'post-assessment guide</a> first.</p>',
    created_at: '2026-10-26T15:00:00.000Z',
  },
  {
    id: 'wa-2026-10-19',
    title: 'Office hours move to Thursdays',
    content:
      '<p>From 22 October, office hours run on <em>Thursdays, 5 to 7 pm</em>. ' +
      'Sign up at <a href="help.example.org/office-hours">help.example.org/office-hours</a>.</p>',
    created_at: '2026-10-19T15:00:00.000Z',
  },
  {
    id: 'wa-2026-10-12',
    title: 'Fall progress reports are due Friday 16 October',
    content:
      '<p>One short report per student. It takes five minutes and helps families and teachers ' +
      'follow along.</p><ol><li>Open the Weekly Progress Report from the sidebar.</li>' +
      '<li>Pick your student.</li><li>Answer the four questions.</li></ol>',
    created_at: '2026-10-12T15:00:00.000Z',
  },
  {
    id: 'wa-2026-10-05',
    title: 'Welcome to the fall term',
    content:
      '<p>Welcome back, and welcome to our new tutors! A few things to get you started:</p>' +
      '<ul><li><a href="https://help.example.org/handbook">Tutor Handbook</a></li>' +
      '<li><a href="https://help.example.org/first-session">Planning your first session</a></li>' +
      '<li>Match Support is open weekdays, 9 am to 5 pm.</li></ul>',
    created_at: '2026-10-05T15:00:00.000Z',
  },
  {
    id: 'wa-2026-09-28',
    title: 'Tutor Handbook updated for 2026-27',
    content:
      '<p>Section 4 now covers messaging families, including families who prefer Spanish.</p>',
    created_at: '2026-09-28T15:00:00.000Z',
  },
] satisfies Schemas['WeeklyAnnouncement'][];

// ---------------------------------------------------------------------------------------- tutors

/**
 * The default tutor: three students (Ana's Spanish-speaking family, Liam flagged 'No session in 14
 * days', Mia without a session yet), an availability form, a new weekly announcement.
 */
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

/** One student, no availability form (plain text availability), no next title ('N/A'). */
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

/** Matched for the first time, no students yet: the empty student list, zeros in every stat. */
export const tutorWithNoStudents = {
  id: 'tut-rosa',
  Tutor_ID: 'T-0978',
  Record_ID: 'recRosa0978',
  First_Name: 'Rosa',
  Last_Name: 'Delgado',
  email: 'rosa.delgado@tutoring.example.org',
  Availability: 'Wednesday 17:00-19:00',
  Availability_Form: 'https://forms.example.org/availability?form=tutor',
  correspondents: [],
  weeklyAnnouncements,
  latestViewedAnnouncement: null,
  hasNewAnnouncement: false,
  totalSessions: 0,
  minutesTutored: 0,
  stats: {
    currentStudents: 0,
    firstMatch: null,
    sessions: 0,
    last30DaysSessions: 0,
    tutoringHours: 0,
    last30DaysTutoringHours: 0,
    hoursUntilPromotion: 10,
    nextTitle: 'Rising Tutor',
    currentTitle: 'Volunteer Tutor',
    capacity: 2,
  },
} satisfies Schemas['Tutor'];

/** Twelve students (see `twelveStudents`): a long list, long names and subjects, three flags. */
export const tutorWithTwelveStudents = {
  id: 'tut-daniel',
  Tutor_ID: 'T-0620',
  Record_ID: 'recDaniel0620',
  First_Name: 'Daniel',
  Last_Name: 'Brooks',
  email: 'daniel.brooks@tutoring.example.org',
  Availability:
    'Monday 16:00-19:00, Tuesday 16:00-19:00, Wednesday 15:00-19:00, Saturday 10:00-12:00',
  Availability_Form: 'https://forms.example.org/availability?form=tutor&ref=recDaniel0620',
  correspondents: twelveStudents,
  weeklyAnnouncements,
  latestViewedAnnouncement: { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' },
  hasNewAnnouncement: false,
  totalSessions: 52,
  minutesTutored: 2550,
  stats: {
    currentStudents: 12,
    firstMatch: '2026-09-08T00:00:00.000Z',
    sessions: 52,
    last30DaysSessions: 41,
    tutoringHours: 42.5,
    last30DaysTutoringHours: 34,
    hoursUntilPromotion: 7.5,
    nextTitle: 'Senior Tutor',
    currentTitle: 'Dedicated Tutor',
    capacity: 12,
  },
} satisfies Schemas['Tutor'];

/** At the highest title: hoursUntilPromotion and nextTitle are null, so the stat shows 'N/A'. */
export const tutorAtHighestTitle = {
  id: 'tut-priya',
  Tutor_ID: 'T-0108',
  Record_ID: 'recPriya0108',
  First_Name: 'Priya',
  Last_Name: 'Raman',
  email: 'priya.raman@tutoring.example.org',
  Availability: 'Tuesday 15:00-17:00, Thursday 16:00-18:00',
  Availability_Form: 'https://forms.example.org/availability?form=tutor',
  correspondents: studentsOfPriya,
  weeklyAnnouncements,
  latestViewedAnnouncement: { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' },
  hasNewAnnouncement: false,
  totalSessions: 241,
  minutesTutored: 12720,
  stats: {
    currentStudents: 2,
    firstMatch: '2023-09-12T00:00:00.000Z',
    sessions: 241,
    last30DaysSessions: 8,
    tutoringHours: 212,
    last30DaysTutoringHours: 7.5,
    hoursUntilPromotion: null,
    nextTitle: null,
    currentTitle: 'Mentor Tutor',
    capacity: 2,
  },
} satisfies Schemas['Tutor'];

// ------------------------------------------------------------- portal announcements and tasks

/** Portal announcements of the Updates modal, newest first; one of the three is read. */
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

/**
 * A full Updates modal: nine announcements over three months, long subjects, HTML with links
 * (one without a scheme), lists and long paragraphs; five unread (`readAnnouncementIdsFull`).
 */
export const portalAnnouncementsFull = [
  {
    id: 'pa-109',
    subject: 'Sessions during Thanksgiving week are optional: let your families know by Monday',
    message:
      '<p>Thursday 26 and Friday 27 November are holidays for most school districts. You may ' +
      'hold or skip your sessions that week.</p><ul><li>Text each family from the messenger ' +
      'before <strong>Monday 23 November</strong>.</li><li>Record skipped sessions as ' +
      '"Holiday" in the Weekly Progress Report.</li></ul>',
    createdAt: '2026-11-20T16:00:00.000Z',
  },
  {
    id: 'pa-108',
    subject: 'Winter break dates',
    message:
      '<p>Tutoring pauses from <strong>21 December</strong> to <strong>4 January</strong>. ' +
      'See the <a href="https://help.example.org/winter-break">schedule</a>.</p>',
    createdAt: '2026-11-18T17:00:00.000Z',
  },
  {
    id: 'pa-107',
    subject: 'New in the Learning Hub: Next Unit Pre-Assessments for grades 3 to 7',
    message:
      '<p>When a student passes a unit, their Learning Hub now links the pre-assessment of the ' +
      'next unit. Read <a href="help.example.org/learning-hub/next-unit">how it works</a>.</p>',
    createdAt: '2026-11-12T17:00:00.000Z',
  },
  {
    id: 'pa-106',
    subject: 'Office hours moved',
    message:
      '<p>Office hours are now on <em>Wednesdays at 6 pm</em>.</p><ul><li>Zoom link unchanged</li></ul>',
    createdAt: '2026-11-04T17:00:00.000Z',
  },
  {
    id: 'pa-105',
    subject:
      'We are looking for volunteers to substitute for tutors who are travelling over the holidays',
    message:
      '<p>Many tutors travel in December. If you can take one or two extra sessions, please ' +
      'volunteer as a substitute:</p><ol><li>Open <strong>Volunteer as a sub</strong> in the ' +
      'sidebar.</li><li>Pick the dates that suit you.</li><li>Match Support will text you when ' +
      'a family needs you.</li></ol><p>Thank you for going the extra mile!</p>',
    createdAt: '2026-10-28T17:00:00.000Z',
  },
  {
    id: 'pa-104',
    subject: 'Post-assessments are open',
    message:
      '<p>Every math unit now has a post-assessment. It takes at least 30 minutes; plan it into ' +
      'a regular session rather than adding a new one. The ' +
      '<a href="https://help.example.org/post-assessments">post-assessment guide</a> explains ' +
      'what to say to your student before they start, how to help if they get stuck without ' +
      'giving away answers, and what happens after they finish.</p>',
    createdAt: '2026-10-21T16:00:00.000Z',
  },
  {
    id: 'pa-103',
    subject: 'Reminder: the messenger hides your phone number',
    message:
      "<p>Families see a private forwarding number, never your own. Please don't share your " +
      'personal number or social media accounts.</p>',
    createdAt: '2026-10-14T16:00:00.000Z',
  },
  {
    id: 'pa-102',
    subject: 'Fall training refreshers: multilingual learners, reading fluency and math games',
    message:
      '<p>Three 45-minute refreshers this month:</p><ul>' +
      '<li><a href="https://help.example.org/refreshers/multilingual">Supporting multilingual ' +
      'learners and their families</a></li>' +
      '<li><a href="https://help.example.org/refreshers/fluency">Reading fluency</a></li>' +
      '<li><a href="https://help.example.org/refreshers/math-games">Math games that teach</a></li></ul>',
    createdAt: '2026-10-07T16:00:00.000Z',
  },
  {
    id: 'pa-101',
    subject: 'Welcome to the new Tutor Portal',
    message: '<p>Everything you need in one place: students, messages and tasks.</p>',
    createdAt: '2026-10-01T16:00:00.000Z',
  },
] satisfies Schemas['PortalAnnouncement'][];

export const readAnnouncementIdsFull = ['pa-101', 'pa-102', 'pa-103', 'pa-106'] satisfies string[];

/** Action items of the Tasks modal: one open, one that completes automatically, one completed. */
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

/**
 * A full Tasks modal: twelve items, open, automatic and completed, long titles, URLs without a
 * scheme (§5 prefixes https://), a URL over 50 characters (truncated) and one without a URL.
 */
export const actionItemsFull = [
  {
    Action_Item_ID: 'ai-212',
    Title: 'Submit your weekly progress report for the week of 16 November',
    Description: 'One short report per student: how the sessions went and what comes next.',
    URL: 'forms.example.org/weekly-progress?week=2026-11-16',
    CreatedAt: '2026-11-20T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-211',
    Title:
      'Watch the 20-minute refresher on supporting multilingual learners and their families before your next session',
    Description:
      'The refresher covers texting families who prefer another language, planning sessions ' +
      'with English Language Development goals, and when to ask Match Support for an interpreter.',
    URL: 'https://help.example.org/refreshers/supporting-multilingual-learners-and-families?utm_source=portal',
    CreatedAt: '2026-11-18T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-210',
    Title: 'Complete the mid-year tutor survey',
    Description: 'Completes automatically when the survey is submitted.',
    URL: 'https://forms.example.org/mid-year-survey',
    CreatedAt: '2026-11-16T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: true,
  },
  {
    Action_Item_ID: 'ai-209',
    Title: 'Tell us your availability over winter break',
    Description: 'Sessions pause from 21 December to 4 January; some families ask for extra ones.',
    URL: 'www.example.org/volunteer/winter-break',
    CreatedAt: '2026-11-13T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-208',
    Title: 'Check in with families you have not seen for more than 10 days',
    Description: 'The dashboard flags them with "No session in N days".',
    URL: null,
    CreatedAt: '2026-11-11T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-207',
    Title: 'Finish the post-assessment with each of your math students',
    Description: 'Completes automatically when the last post-assessment is submitted.',
    URL: 'help.example.org/post-assessments',
    CreatedAt: '2026-10-26T14:00:00.000Z',
    Completed: false,
    Automatic_Completion: true,
  },
  {
    Action_Item_ID: 'ai-206',
    Title: 'Record one session for our quality review',
    Description: 'With the family’s permission. The recording is deleted after review.',
    URL: 'https://help.example.org/session-recording',
    CreatedAt: '2026-10-20T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-205',
    Title: 'Submit your weekly progress report for the week of 12 October',
    Description: 'One short report per student.',
    URL: 'forms.example.org/weekly-progress?week=2026-10-12',
    CreatedAt: '2026-10-16T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-204',
    Title: 'Complete the fall safety training',
    Description: 'Completed automatically when you passed the quiz.',
    URL: 'https://learn.example.org/courses/fall-safety-training',
    CreatedAt: '2026-10-05T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: true,
  },
  {
    Action_Item_ID: 'ai-203',
    Title: 'Read the updated Tutor Handbook',
    Description: 'Section 4 covers the new messaging rules.',
    URL: 'https://help.example.org/handbook',
    CreatedAt: '2026-10-02T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-202',
    Title: 'Add a profile photo so families recognise you in the learning space',
    Description: '',
    URL: 'learn.example.org/profile',
    CreatedAt: '2026-09-30T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: false,
  },
  {
    Action_Item_ID: 'ai-201',
    Title: 'Plan your first session',
    Description: 'A checklist for the first 45 minutes with a new student.',
    URL: 'https://help.example.org/first-session',
    CreatedAt: '2026-09-28T14:00:00.000Z',
    Completed: true,
    Automatic_Completion: false,
  },
] satisfies Schemas['ActionItem'][];

// ------------------------------------------------------------------------------------ applicants

// The four onboarding tasks (§4) are derived from: Waiver = waiver, Training = workbookCompleted,
// Background Check = backgroundCheck, Availability = availability text of the form
// 'Monday 16:00-18:00' (§5). Statuses: Application Accepted, then the two final ones, Ready to
// Tutor and Matched (the 'Onboarding complete!' popup).

/** The default applicant: Sam Rivera has signed the waiver (1 of 4 tasks done). */
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

/** Sam Rivera under the name of what the fixture shows. */
export const applicantOneTaskDone = onboardingTutorSam;

/** Has had the onboarding chat, no task done yet. */
export const applicantNoTasksDone = {
  firstName: 'Aisha',
  lastName: 'Bello',
  phone: '+1 415 555 0137',
  tutorId: 'T-0915',
  id: 'onb-aisha',
  status: 'Application Accepted',
  waiver: false,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: '',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'aisha.bello@example.com',
  interviewDate: '2026-11-18T17:00:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

/** Waiver and Availability done, Training and Background Check to do. */
export const applicantTwoTasksDone = {
  firstName: 'Tomás',
  lastName: 'Herrera',
  phone: '+1 510 555 0164',
  tutorId: 'T-0921',
  id: 'onb-tomas',
  status: 'Application Accepted',
  waiver: true,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: 'Monday 16:00-18:00',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'tomas.herrera@example.com',
  interviewDate: '2026-11-10T19:30:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

/** All four tasks done, still 'Application Accepted': waiting to get matched, no popup yet. */
export const applicantAllTasksDone = {
  firstName: 'Grace',
  lastName: 'Lin',
  phone: '+1 650 555 0112',
  tutorId: 'T-0887',
  id: 'onb-grace',
  status: 'Application Accepted',
  waiver: true,
  backgroundCheck: true,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: 'Tuesday 15:00-17:00, Saturday 10:00-12:00',
  workbookCompleted: true,
  typeOfTrainingCompleted: true,
  email: 'grace.lin@example.com',
  interviewDate: '2026-10-29T18:00:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

/**
 * Has not scheduled the onboarding chat (interviewDate null: the dashboard redirects to chat
 * scheduling); no phone and no availability form of their own (the §5 fallback link).
 */
export const applicantWithoutInterview = {
  firstName: 'Ben',
  lastName: 'Carter',
  phone: '',
  tutorId: 'T-0934',
  id: 'onb-ben',
  status: '',
  waiver: false,
  backgroundCheck: false,
  availabilityForm: null,
  availability: '',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'ben.carter@example.com',
  interviewDate: null,
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

/** Availability given as free text that §5 does not accept, so Availability is not done. */
export const applicantWithUnrecognisedAvailability = {
  firstName: 'Nadia',
  lastName: 'Popescu',
  phone: '+1 408 555 0190',
  tutorId: 'T-0929',
  id: 'onb-nadia',
  status: 'Application Accepted',
  waiver: true,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: 'Weekday afternoons after 4 pm',
  workbookCompleted: true,
  typeOfTrainingCompleted: true,
  email: 'nadia.popescu@example.com',
  interviewDate: '2026-11-03T20:00:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

/** Status 'Ready to Tutor', a final status: the 'Onboarding complete!' popup, waiting for a match. */
export const applicantReadyToTutor = {
  firstName: 'Leila',
  lastName: 'Haddad',
  phone: '+1 510 555 0148',
  tutorId: 'T-0874',
  id: 'onb-leila',
  status: 'Ready to Tutor',
  waiver: true,
  backgroundCheck: true,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: 'Wednesday 16:00-18:00',
  workbookCompleted: true,
  typeOfTrainingCompleted: true,
  email: 'leila.haddad@example.com',
  interviewDate: '2026-10-20T17:00:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

/** Status 'Matched': the popup, every step behind them, and their first student. */
export const applicantMatched = {
  firstName: 'Owen',
  lastName: 'Fischer',
  phone: '+1 925 555 0176',
  tutorId: 'T-0861',
  id: 'onb-owen',
  status: 'Matched',
  waiver: true,
  backgroundCheck: true,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: 'Thursday 17:00-18:00',
  workbookCompleted: true,
  typeOfTrainingCompleted: false,
  email: 'owen.fischer@example.com',
  interviewDate: '2026-10-13T18:30:00.000Z',
  correspondents: [{ 'Student ID': 'S-3150', First_Name: 'Elijah', grade: '5th' }],
} satisfies Schemas['OnboardingTutor'];

/**
 * A long name (31 characters) and a long e-mail address (52) with no space to break at, for the
 * account menu; the onboarding itself as Sam's: the waiver signed, 1 of 4 tasks done.
 */
export const applicantWithLongNameAndEmail = {
  firstName: 'Alexandra',
  lastName: 'Montgomery-Fitzgerald',
  phone: '+1 510 555 0164',
  tutorId: 'T-0931',
  id: 'onb-alexandra',
  status: 'Application Accepted',
  waiver: true,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/availability?form=onboarding',
  availability: '',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'alexandra.montgomery-fitzgerald@tutoring.example.org',
  interviewDate: '2026-11-16T19:00:00.000Z',
  correspondents: [],
} satisfies Schemas['OnboardingTutor'];

// -------------------------------------------------------------------------------------- pathways

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

/**
 * Ana (4th, Maya): no assessment result yet (instructions and 'Copy to Clipboard'), a
 * post-assessment, Next_Pre_Assessment_URL present, two of six lessons completed.
 */
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

/**
 * Liam (6th, Maya): a 'First Sessions' pathway (no intro or session structure), result 'Failed'
 * (thank-you, advice and Additional Lessons), no Next_Pre_Assessment_URL, nothing completed.
 */
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

/** Noah (7th, Jordan): result 'Passed' (the proficiency message) and a next-unit pre-assessment. */
export const learningPathwayNoah = {
  Pathway_Name: 'Grade 7 Math: Expressions and Equations',
  Intro_description: 'Noah is moving from arithmetic to algebraic thinking.',
  introActivities: {
    'Check In': { description: 'Ask Noah what he is looking forward to this week.' },
    'Estimation Challenge': { description: 'Estimate, then check with a calculator.' },
  },
  Lessons: [
    lesson('les-701', 1, 'Writing expressions from words', 'Expressions'),
    lesson('les-702', 2, 'Combining like terms', 'Expressions'),
    lesson('les-711', 3, 'Solving one-step equations', 'Equations'),
    lesson('les-712', 4, 'Solving two-step equations', 'Equations'),
  ],
  Additional_lessons: [lesson('les-790', 5, 'Equation puzzles', 'Equations')],
  completed_lessons: { 'les-701': true, 'les-702': true, 'les-711': true, 'les-712': true },
  Assessment_result: 'Passed',
  Post_Assessment: 'Expressions and equations post-assessment',
  Post_Assessment_URL: 'https://forms.example.org/post-assessment/expressions-equations',
  Next_Pre_Assessment_URL: 'https://forms.example.org/pre-assessment/grade-7-unit-3',
  student_obj: { First_Name: 'Noah', grade: '7th' },
} satisfies Schemas['LearningPathway'];

/**
 * María Guadalupe (5th, Daniel): a long pathway (four topics, long lesson names, additional
 * lessons), result 'Failed' with a next-unit pre-assessment.
 */
export const learningPathwayMaria = {
  Pathway_Name: 'Grade 5 Math: Fractions, Decimals and Foundations of Mathematical Reasoning',
  Intro_description:
    'María Guadalupe is strengthening fraction and decimal sense and learning to explain her ' +
    'reasoning in English. Mix math talk with vocabulary practice, and let her answer in Spanish ' +
    'first when a new idea is hard.',
  introActivities: {
    'Check In': { description: 'Please ask your student about their day.' },
    'Word of the Day': { description: 'Pick one math word and use it in a sentence together.' },
    'Number Talk': { description: 'Show a picture of a number and ask what she notices.' },
  },
  Lessons: [
    lesson('les-501', 1, 'Adding and subtracting fractions with unlike denominators', 'Fractions'),
    lesson('les-502', 2, 'Multiplying fractions by whole numbers using area models', 'Fractions'),
    lesson('les-503', 3, 'Dividing unit fractions by whole numbers', 'Fractions'),
    lesson('les-511', 4, 'Reading and writing decimals to thousandths', 'Decimals'),
    lesson('les-512', 5, 'Comparing and rounding decimals', 'Decimals'),
    lesson('les-513', 6, 'Adding and subtracting decimals with place-value charts', 'Decimals'),
    lesson('les-521', 7, 'Writing and interpreting numerical expressions', 'Algebraic Thinking'),
    lesson('les-522', 8, 'Generating and graphing numerical patterns', 'Algebraic Thinking'),
    lesson('les-531', 9, 'Volume of rectangular prisms', 'Measurement and Data'),
    lesson(
      'les-532',
      10,
      'Converting units of measurement in word problems',
      'Measurement and Data',
    ),
  ],
  Additional_lessons: [
    lesson('les-590', 11, 'Fraction and decimal number lines', 'Fractions'),
    lesson('les-591', 12, 'Decimal place-value games', 'Decimals'),
    lesson(
      'les-592',
      13,
      'Explaining your reasoning: sentence frames for math talk',
      'Algebraic Thinking',
    ),
  ],
  completed_lessons: {
    'les-501': true,
    'les-502': true,
    'les-503': true,
    'les-511': true,
    'les-512': true,
    'les-590': true,
  },
  Assessment_result: 'Failed',
  Post_Assessment: 'Fractions and decimals post-assessment',
  Post_Assessment_URL: 'https://forms.example.org/post-assessment/grade-5-fractions-decimals',
  Next_Pre_Assessment_URL: 'https://forms.example.org/pre-assessment/grade-5-unit-2',
  student_obj: { First_Name: 'María Guadalupe', grade: '5th' },
} satisfies Schemas['LearningPathway'];

/**
 * Zara (5th, Daniel): no result and no post-assessment, but a next-unit pre-assessment (the
 * second case in which §4 shows Next Unit Pre-Assessment).
 */
export const learningPathwayZara = {
  Pathway_Name: 'Grade 5 Reading: Main Idea and Details',
  Intro_description: 'Zara reads fluently and is working on summarising what she reads.',
  introActivities: {
    'Check In': { description: 'Ask Zara about a book or show she enjoyed this week.' },
  },
  Lessons: [
    lesson('les-551', 1, 'Finding the main idea', 'Main Idea'),
    lesson('les-552', 2, 'Supporting details', 'Main Idea'),
    lesson('les-561', 3, 'Writing a summary', 'Summarising'),
  ],
  Additional_lessons: [],
  completed_lessons: { 'les-551': true },
  Assessment_result: '',
  Post_Assessment: null,
  Post_Assessment_URL: null,
  Next_Pre_Assessment_URL: 'https://forms.example.org/pre-assessment/grade-5-reading-unit-2',
  student_obj: { First_Name: 'Zara', grade: '5th' },
} satisfies Schemas['LearningPathway'];

/** Isabella (6th, Daniel): result 'Passed' and no Next_Pre_Assessment_URL (no next-unit link). */
export const learningPathwayIsabella = {
  Pathway_Name: 'Grade 6 Math: Ratios and Rates',
  Intro_description: 'Isabella enjoys real-world problems; use recipes and sports statistics.',
  introActivities: {
    'Check In': { description: 'Please ask your student about their day.' },
  },
  Lessons: [
    lesson('les-621', 1, 'Ratios in everyday life', 'Ratios'),
    lesson('les-622', 2, 'Equivalent ratios and ratio tables', 'Ratios'),
    lesson('les-631', 3, 'Unit rates and unit prices', 'Rates'),
  ],
  Additional_lessons: [],
  completed_lessons: { 'les-621': true, 'les-622': true, 'les-631': true },
  Assessment_result: 'Passed',
  Post_Assessment: 'Ratios and rates post-assessment',
  Post_Assessment_URL: 'https://forms.example.org/post-assessment/grade-6-ratios-rates',
  Next_Pre_Assessment_URL: null,
  student_obj: { First_Name: 'Isabella', grade: '6th' },
} satisfies Schemas['LearningPathway'];

/** Aiden (4th, Priya): every lesson completed, no result yet. */
export const learningPathwayAiden = {
  Pathway_Name: 'Grade 4 Reading: Fluency and Vocabulary',
  Intro_description: 'Aiden is building reading stamina with short non-fiction texts.',
  introActivities: {
    'Check In': { description: 'Ask Aiden what he read at school this week.' },
    'Read Aloud': { description: 'Take turns reading a paragraph aloud.' },
  },
  Lessons: [
    lesson('les-451', 1, 'Reading with expression', 'Fluency'),
    lesson('les-452', 2, 'Context clues', 'Vocabulary'),
    lesson('les-453', 3, 'Prefixes and suffixes', 'Vocabulary'),
  ],
  Additional_lessons: [lesson('les-495', 4, 'Vocabulary bingo', 'Vocabulary')],
  completed_lessons: { 'les-451': true, 'les-452': true, 'les-453': true, 'les-495': true },
  Assessment_result: '',
  Post_Assessment: 'Fluency and vocabulary post-assessment',
  Post_Assessment_URL: 'https://forms.example.org/post-assessment/grade-4-fluency',
  Next_Pre_Assessment_URL: null,
  student_obj: { First_Name: 'Aiden', grade: '4th' },
} satisfies Schemas['LearningPathway'];

/**
 * Pathways by student id, for every tutor's students; a student without one (Mia, most of
 * Daniel's) gets null: the Spring Post-Assessment card with the grade's pre-assessment link.
 */
export const learningPathwaysByStudentId = {
  'stu-ana': learningPathwayAna,
  'stu-liam': learningPathwayLiam,
  'stu-noah': learningPathwayNoah,
  'stu-maria': learningPathwayMaria,
  'stu-zara': learningPathwayZara,
  'stu-isabella': learningPathwayIsabella,
  'stu-aiden': learningPathwayAiden,
} satisfies Record<string, Schemas['LearningPathway']>;

// ---------------------------------------------------------------------------------------- sign-in

/** Step-up tokens the sign-in mocks accept (from magic links), and the custom token they answer. */
export const validStepUpToken = 'demo-step-up-token-sam-rivera';
export const customTokenSam = 'demo-custom-token-sam-rivera';

/** E-mail that createNewOnboardingUser reports as already registered. */
export const existingApplicantEmail = onboardingTutorSam.email;

/** Live training events applicants can register for (addEventAttendee). */
export const trainingEventIds = ['evt-live-training-2026-12-05', 'evt-office-hours-2026-12-09'];

// --------------------------------------------------------------------------- notifications

/**
 * The tutor's notification settings before they change anything (issue 35): e-mail to their
 * organisation address, no phone, quiet hours 21:00 to 08:00 in the organisation's time zone
 * (California), told of a reply still unread after 10 minutes.
 */
export const defaultNotificationSettings = {
  channel: 'email',
  email: tutorMaya.email,
  phone: null,
  quietHours: { start: '21:00', end: '08:00' },
  timeZone: 'America/Los_Angeles',
  replyDelayMinutes: 10,
} satisfies Schemas['NotificationSettings'];

/** The code every verification text of the mock server carries. */
export const mockPhoneVerificationCode = '123456';

/** Maya's own mobile phone, for text notifications. */
export const tutorPhoneNumber = '+15105550188';

/** An unsubscribe link's token that names Maya (any well-formed token does, in the mocks). */
export const mockUnsubscribeToken = 'demo-unsubscribe-token-maya-chen.email';

/** A code texted at the fixed clock's time, so it still works for 10 minutes. */
const codeWaiting = {
  number: tutorPhoneNumber,
  code: mockPhoneVerificationCode,
  expiresAt: '2026-11-20T18:10:00.000Z',
  wrongCodesLeft: 5,
};

// ----------------------------------------------------------------------------------------- inbox
// The states of the dashboard's inbox (issue 34), each a few messages more on the default
// conversations; the scenarios below name them. Nothing here is exported but through `scenarios`.

/** A text the carrier did not deliver, with Twilio's error code. */
const notDelivered = (
  status: 'undelivered' | 'failed',
  code: string,
): Pick<Schemas['Message'], 'deliveryStatus' | 'failure'> => ({
  deliveryStatus: status,
  failure: deliveryFailure(code),
});

/** Every fixture conversation, with some of them continued or added. */
const conversationsWith = (
  changed: Record<string, Schemas['Message'][]>,
): Record<string, Schemas['Message'][]> => ({ ...messagesByStudentId, ...changed });

/** Grace wrote twice this morning, after Maya last read Liam's chat. */
const liamWithTwoUnreadReplies = conversation(
  'stu-liam',
  [
    ['2026-11-20T14:05:00.000Z', 'guardian', 'Good news, Liam is feeling much better!'],
    ['2026-11-20T14:07:00.000Z', 'guardian', 'Can we do Thursday at 5 as usual next week?'],
  ],
  undefined,
  longConversation,
);

/** Maya's newest text to Grace, with a link, blocked by the carrier as spam (30007). */
const liamWithTextBlockedAsSpam = conversation(
  'stu-liam',
  [
    [
      '2026-11-20T16:30:00.000Z',
      'tutor',
      'Hi Grace, I hope Liam feels better! Here is the link for Thursday: https://learn.example.org/join/liam-okafor',
      undefined,
      notDelivered('failed', '30007'),
    ],
  ],
  undefined,
  longConversation,
);

/** Maya answered Lucía twice this morning; the phone was unreachable both times (30003). */
const anaWithTwoTextsUnreachable = conversation(
  'stu-ana',
  [
    [
      '2026-11-20T16:00:00.000Z',
      'tutor',
      '¡Perfecto, Lucía! Nos vemos hoy a las 4.',
      undefined,
      notDelivered('undelivered', '30003'),
    ],
    [
      '2026-11-20T16:45:00.000Z',
      'tutor',
      'Lucía, ¿sigue en pie la sesión de hoy a las 4?',
      undefined,
      notDelivered('undelivered', '30003'),
    ],
  ],
  undefined,
  conversationWithDateGroups,
);

/** Maya's newest text to Rosa could not be translated, so it waits for Retry or Send as written. */
const carlaWithTextNotSent = conversation(
  'stu-carla',
  [
    [
      '2026-11-20T16:20:00.000Z',
      'tutor',
      'So glad she liked it! Next week we start a new book.',
      undefined,
      { deliveryStatus: 'untranslated' },
    ],
  ],
  spanishTranslated,
  conversationTranslated,
);

/** Rosa's newest reply has no English: its translation failed ("Not translated"). */
const carlaWithReplyNotTranslated = conversation(
  'stu-carla',
  [
    [
      '2026-11-20T16:10:00.000Z',
      'guardian',
      'Maya, ¿la sesión de la próxima semana sigue siendo el lunes a las 4? Tenemos cita con el médico ese día.',
    ],
  ],
  spanishTranslated,
  conversationTranslated,
);

/** Lucía's reply of several hundred characters, unread; Maya's own long text to Grace. */
const longPreviewConversations = {
  'stu-ana': conversation(
    'stu-ana',
    [
      [
        '2026-11-20T16:40:00.000Z',
        'guardian',
        'Maya, muchas gracias por la sesión extra de hoy. Ana dice que por fin entiende cómo sumar ' +
          'fracciones con distinto denominador y quiere enseñárselo a su hermano pequeño esta noche. ' +
          'La próxima semana tiene una excursión con la escuela el martes y no sabemos a qué hora ' +
          'vuelve el autobús, así que quizás se conecte unos minutos tarde. Si prefiere cambiar la ' +
          'sesión al miércoles a la misma hora, a nosotros también nos viene bien. ¡Gracias otra vez ' +
          'por su paciencia!',
      ],
    ],
    undefined,
    conversationWithDateGroups,
  ),
  'stu-liam': conversation(
    'stu-liam',
    [
      [
        '2026-11-20T16:50:00.000Z',
        'tutor',
        "Hi Grace, here's a quick plan for next week now that Liam is feeling better: we'll start " +
          'with a short review of percentages, then move on to percent of a number with the ' +
          'shopping examples he likes. If he still has the worksheet from school, please ask him ' +
          "to bring it along. And if Thursday at 5 doesn't work because of soccer practice, Friday " +
          'at 5 is fine for me too.',
      ],
    ],
    undefined,
    longConversation,
  ),
};

/** Grace sent two pictures this morning: a drawing with a few words, then a worksheet alone. */
const liamWithPhotos = conversation(
  'stu-liam',
  [
    [
      '2026-11-20T15:10:00.000Z',
      'guardian',
      'Liam drew this for you! He says thank you for all the help.',
      undefined,
      { media: [{ id: 'media-liam-drawing', contentType: 'image/jpeg' }] },
    ],
    [
      '2026-11-20T15:12:00.000Z',
      'guardian',
      '',
      undefined,
      { media: [{ id: 'media-liam-worksheet', contentType: 'image/png' }] },
    ],
  ],
  undefined,
  longConversation,
);

/** Grace replied STOP (as 'Stop') last night: the family has opted out of texts. */
const liamOptedOut = conversation(
  'stu-liam',
  [['2026-11-19T03:12:00.000Z', 'guardian', 'Stop']],
  undefined,
  longConversation,
);

/** Grace texted HELP this morning. */
const liamAskedForHelp = conversation(
  'stu-liam',
  [['2026-11-20T15:40:00.000Z', 'guardian', 'HELP']],
  undefined,
  longConversation,
);

/**
 * Maya wrote to Lucía during the family's quiet hours: the text is held until 8:00 the next
 * morning (in UTC, the workbench's time zone), with Send now and Cancel.
 */
const anaWithTextScheduled = conversation(
  'stu-ana',
  [
    [
      '2026-11-20T17:40:00.000Z',
      'tutor',
      'Lucía, ¿podemos empezar mañana a las 4:30 en vez de a las 4?',
      undefined,
      { deliveryStatus: 'scheduled', scheduledFor: '2026-11-21T08:00:00.000Z' },
    ],
  ],
  undefined,
  conversationWithDateGroups,
);

/** A tutor whose students carry what these conversations and read marks decide. */
function tutorOver(
  tutor: Schemas['Tutor'],
  conversations: Record<string, Schemas['Message'][]>,
  readMarks: Record<string, string> = readMarksByStudentId,
): Schemas['Tutor'] {
  const correspondents = tutor.correspondents.map((student) =>
    summarised(student, conversations, readMarks),
  );
  return { ...tutor, correspondents };
}

/** Maya tutoring Carla too, with the newest weekly announcement viewed (no popup over the inbox). */
const mayaWithCarla = {
  ...tutorMaya,
  correspondents: [...tutorMaya.correspondents, studentSpanishAtTenDays],
  stats: { ...tutorMaya.stats, currentStudents: tutorMaya.correspondents.length + 1 },
  hasNewAnnouncement: false,
  latestViewedAnnouncement: { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' },
} satisfies Schemas['Tutor'];

/**
 * Daniel's twelve conversations of mixed states: two unread replies (Sofia), one with a photo
 * (Chloé), one more unread (Lily); a text blocked as spam (Ethan), one to an unreachable phone
 * (Zara), one not sent for want of a translation (Mateo); a long reply already read (Hana), a text
 * just sent (Isabella), the organisation's note last (Kwame), and no messages at all (Jamal).
 */
const danielsInboxConversations = conversationsWith({
  'stu-sofia': conversation('stu-sofia', [
    ['2026-11-18T23:40:00.000Z', 'tutor', 'Sofia read a whole picture book aloud today!'],
    ['2026-11-20T15:00:00.000Z', 'guardian', 'Thank you Daniel!'],
    ['2026-11-20T15:02:00.000Z', 'guardian', 'She wants to read it again to her grandma tonight.'],
  ]),
  'stu-ethan': conversation('stu-ethan', [
    [
      '2026-11-19T17:00:00.000Z',
      'tutor',
      'Hi Ms. Park, here is the schedule for Thanksgiving week: https://help.example.org/thanksgiving',
      undefined,
      notDelivered('failed', '30007'),
    ],
  ]),
  'stu-zara': conversation('stu-zara', [
    ['2026-11-13T22:30:00.000Z', 'tutor', 'Great reading today, Zara!'],
    ['2026-11-16T23:00:00.000Z', 'guardian', 'Thanks! See you Monday.'],
    [
      '2026-11-20T17:10:00.000Z',
      'tutor',
      'Hi Ms. Ahmed, is Zara still available on Monday at 5?',
      undefined,
      notDelivered('undelivered', '30003'),
    ],
  ]),
  'stu-mateo': conversation(
    'stu-mateo',
    [
      [
        '2026-11-17T23:15:00.000Z',
        'guardian',
        '¿Mateo necesita traer algo a la sesión?',
        'Does Mateo need to bring anything to the session?',
      ],
      [
        '2026-11-20T17:30:00.000Z',
        'tutor',
        'Just a pencil and paper. See you Tuesday!',
        undefined,
        { deliveryStatus: 'untranslated' },
      ],
    ],
    spanishTranslated,
  ),
  'stu-chloe': conversation('stu-chloe', [
    [
      '2026-11-18T23:10:00.000Z',
      'tutor',
      'Please remind Chloé to fill in her reading log this week.',
    ],
    [
      '2026-11-20T16:05:00.000Z',
      'guardian',
      'Done! Here it is.',
      undefined,
      { media: [{ id: 'media-chloe-log', contentType: 'image/png' }] },
    ],
  ]),
  'stu-hana': conversation('stu-hana', [
    ['2026-11-19T02:00:00.000Z', 'tutor', 'Hana did a great job with her vocabulary cards today.'],
    [
      '2026-11-19T15:30:00.000Z',
      'guardian',
      'Thank you, Daniel. Hana practised the cards again at breakfast and asked if she can make ' +
        'her own set for the science words from school. Her teacher says her reading has become ' +
        'more confident since she started with you. We will be visiting family in Sacramento next ' +
        'week, so she may join from her cousin’s laptop.',
    ],
  ]),
  'stu-isabella': conversation('stu-isabella', [
    [
      '2026-11-20T17:45:00.000Z',
      'tutor',
      'See you Saturday at 10, Isabella!',
      undefined,
      { deliveryStatus: 'sent' },
    ],
  ]),
  'stu-lily': conversation('stu-lily', [
    ['2026-11-14T19:30:00.000Z', 'tutor', 'Lily loved the new story today.'],
    ['2026-11-20T13:20:00.000Z', 'guardian', 'She is still talking about it! See you Saturday.'],
  ]),
});

/** Where Daniel has read his twelve conversations up to. */
const danielsInboxReadMarks = {
  ...readMarksByStudentId,
  'stu-sofia': 'msg-sofia-1',
  'stu-ethan': 'msg-ethan-1',
  'stu-zara': 'msg-zara-3',
  'stu-mateo': 'msg-mateo-2',
  'stu-chloe': 'msg-chloe-1',
  'stu-hana': 'msg-hana-2',
  'stu-isabella': 'msg-isabella-1',
  'stu-lily': 'msg-lily-1',
};

/** Maya has read Ana's chat to its end (Lucía's reply of this morning). */
const anaReadToTheEnd = { ...readMarksByStudentId, 'stu-ana': 'msg-ana-7' };

/** A seed of a tutor whose students carry what these conversations and read marks decide. */
function tutorSeed(
  tutor: Schemas['Tutor'],
  conversations: Record<string, Schemas['Message'][]>,
  readMarks: Record<string, string> = readMarksByStudentId,
) {
  return { tutor: tutorOver(tutor, conversations, readMarks), conversations, readMarks };
}

// ------------------------------------------------------------------------------------- scenarios

/**
 * Database seeds, one per state a screen shows: `createMockDb(scenarios.tutorWithTwelveStudents)`.
 * Each names what it changes; everything else is the default (Maya Chen, Sam Rivera, ...). Seeds
 * combine with spread: `createMockDb({ ...scenarios.manyTasks, ...scenarios.manyUpdates })`.
 */
export const scenarios = {
  // Tutoring Dashboard, header and stats
  /** The default: Maya Chen, three students, a new weekly announcement, three updates and tasks. */
  tutorWithThreeStudents: {},
  /** Jordan Lee: one student, availability as plain text ('No availability form exists...'). */
  tutorWithoutAvailabilityForm: { tutor: tutorJordan },
  tutorWithNoStudents: { tutor: tutorWithNoStudents },
  tutorWithTwelveStudents: { tutor: tutorWithTwelveStudents },
  /** Hours until promotion 'N/A'. */
  tutorAtHighestTitle: { tutor: tutorAtHighestTitle },
  /** GET /tutor answers 404: the account-not-found screen. */
  tutorAccountNotFound: { tutor: null },

  // Weekly announcements: What's New, the popup (or the bell badge under 640 px), /announcements
  /** The newest weekly announcement already viewed: no popup. */
  noNewWeeklyAnnouncement: {
    tutor: {
      ...tutorMaya,
      hasNewAnnouncement: false,
      latestViewedAnnouncement: { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' },
    },
  },
  /** Eight weekly announcements on the timeline, the newest flagged new. */
  manyWeeklyAnnouncements: {
    tutor: { ...tutorMaya, weeklyAnnouncements: weeklyAnnouncementsFull },
  },
  /** 'No Announcements'. */
  noWeeklyAnnouncements: {
    tutor: {
      ...tutorMaya,
      weeklyAnnouncements: [],
      hasNewAnnouncement: false,
      latestViewedAnnouncement: null,
    },
  },

  // Updates modal (portal announcements)
  /** Nine updates, five unread. */
  manyUpdates: {
    portalAnnouncements: portalAnnouncementsFull,
    readAnnouncementIds: readAnnouncementIdsFull,
  },
  /** Every update read: no unread badge. */
  allUpdatesRead: { readAnnouncementIds: portalAnnouncements.map((a) => a.id) },
  /** 'No Available Updates'. */
  noUpdates: { portalAnnouncements: [], readAnnouncementIds: [] },

  // Tasks modal (action items)
  /** Twelve tasks: six open (two automatic), six completed. */
  manyTasks: { actionItems: actionItemsFull },
  /** Every task completed: no badge. */
  allTasksCompleted: { actionItems: actionItems.map((item) => ({ ...item, Completed: true })) },
  /** 'No Available Items'. */
  noTasks: { actionItems: [] },

  // Messenger
  /** The SMS provider refuses every text: send-message answers 503 and the text stays typed. */
  textsFailToSend: { deliveryStatus: 'failed' },
  /**
   * Maya also tutors Carla, whose family reads Spanish and whose texts this server translates:
   * `conversationTranslated` is their chat.
   */
  familyTranslated: {
    tutor: {
      ...tutorMaya,
      correspondents: [...tutorMaya.correspondents, studentSpanishAtTenDays],
      stats: { ...tutorMaya.stats, currentStudents: tutorMaya.correspondents.length + 1 },
    },
  },
  /**
   * The translation provider fails: a text to a translated family is not sent but kept
   * 'untranslated' (send-message answers 201), and Retry leaves it so.
   */
  translationFails: { translationFails: true },

  // The dashboard's inbox: previews, unread counts, texts that need the tutor. By default Ana's
  // family has one unread reply and nothing needs attention.
  /** No messages with any family yet: no previews, nothing unread. */
  noMessages: { conversations: {} },
  /** Grace (Liam's family) wrote twice this morning, unread: with Ana's, 3 unread replies. */
  unreadReplies: { conversations: conversationsWith({ 'stu-liam': liamWithTwoUnreadReplies }) },
  /** Maya's newest text to Liam's family was not delivered: blocked as spam (30007, failed). */
  textNotDeliveredAsSpam: {
    conversations: conversationsWith({ 'stu-liam': liamWithTextBlockedAsSpam }),
  },
  /** Two texts to Ana's family not delivered: the phone was unreachable (30003, undelivered). */
  textsNotDeliveredUnreachable: {
    conversations: conversationsWith({ 'stu-ana': anaWithTwoTextsUnreachable }),
    readMarks: anaReadToTheEnd,
  },
  /** Maya's newest text to Carla's family was not sent: it could not be translated. */
  textNotSentUntranslated: tutorSeed(
    mayaWithCarla,
    conversationsWith({ 'stu-carla': carlaWithTextNotSent }),
  ),
  /** Lucía's reply of several hundred characters (unread), and Maya's own long text to Grace. */
  longMessagePreviews: {
    conversations: conversationsWith(longPreviewConversations),
    readMarks: anaReadToTheEnd,
  },
  /**
   * Grace sent two pictures this morning (unread): a drawing with words (JPEG), then a worksheet
   * without any (PNG), the newest message. GET /tutor/media/{id} serves them.
   */
  photoFromFamily: { conversations: conversationsWith({ 'stu-liam': liamWithPhotos }) },
  /** Rosa's newest reply (unread) could not be translated: the chat marks it "Not translated". */
  replyNotTranslated: tutorSeed(
    mayaWithCarla,
    conversationsWith({ 'stu-carla': carlaWithReplyNotTranslated }),
  ),
  /** Daniel's twelve students in mixed states (see `danielsInboxConversations`). */
  inboxWithTwelveStudents: tutorSeed(
    tutorWithTwelveStudents,
    danielsInboxConversations,
    danielsInboxReadMarks,
  ),

  // The family's texts (issue 35): opted out, asked for help, held for their quiet hours
  /** Grace (Liam's family) replied 'Stop' last night: opted out, the composer is disabled. */
  familyOptedOut: {
    conversations: conversationsWith({ 'stu-liam': liamOptedOut }),
    readMarks: { ...readMarksByStudentId, 'stu-liam': 'msg-liam-43' },
  },
  /**
   * A text to Lucía (Ana's family) was refused this morning because they had opted out (Twilio
   * 21610; the server kept the refused text out of the conversation).
   */
  familyRefusedAsOptedOut: { optOutRefusals: { 'stu-ana': ['2026-11-20T16:05:00.000Z'] } },
  /** Grace texted HELP this morning (read): the chat says so beside its info line. */
  familyAskedForHelp: {
    conversations: conversationsWith({ 'stu-liam': liamAskedForHelp }),
    readMarks: { ...readMarksByStudentId, 'stu-liam': 'msg-liam-43' },
  },
  /** Maya's newest text to Lucía is held until 8:00 tomorrow: Scheduled, Send now, Cancel. */
  textScheduled: {
    conversations: conversationsWith({ 'stu-ana': anaWithTextScheduled }),
    readMarks: { ...readMarksByStudentId, 'stu-ana': 'msg-ana-7' },
  },
  /** It is the families' quiet hours: a text sent now is held until 8:00 tomorrow (UTC). */
  familyQuietHours: { holdTextsUntil: '2026-11-21T08:00:00.000Z' },

  // The tutor's notification settings (issue 35). By default: e-mail, no phone, quiet hours on.
  /** Notifications by text to Maya's verified phone; quiet hours 22:00 to 07:00 in Chicago. */
  notificationsByText: {
    notificationSettings: {
      ...defaultNotificationSettings,
      channel: 'text',
      phone: { number: tutorPhoneNumber, verified: true },
      quietHours: { start: '22:00', end: '07:00' },
      timeZone: 'America/Chicago',
    },
  },
  /** No notifications, and no quiet hours. */
  notificationsOff: {
    notificationSettings: { ...defaultNotificationSettings, channel: 'none', quietHours: null },
  },
  /** A code was texted to Maya's phone a moment ago and waits to be entered. */
  phoneCodeSent: {
    notificationSettings: {
      ...defaultNotificationSettings,
      phone: { number: tutorPhoneNumber, verified: false },
    },
    phoneVerification: codeWaiting,
    phoneCodesSent: 1,
  },
  /** The code texted to Maya's phone has expired (10 minutes): a new one must be sent. */
  phoneCodeExpired: {
    notificationSettings: {
      ...defaultNotificationSettings,
      phone: { number: tutorPhoneNumber, verified: false },
    },
    phoneVerification: { ...codeWaiting, expiresAt: '2026-11-20T17:45:00.000Z' },
    phoneCodesSent: 1,
  },
  /** Maya's phone is verified; notifications still go by e-mail until she chooses Text. */
  phoneVerified: {
    notificationSettings: {
      ...defaultNotificationSettings,
      phone: { number: tutorPhoneNumber, verified: true },
    },
  },
  /** Maya replied STOP to a notification text: texts to her are paused until she replies START. */
  tutorPhoneOptedOut: {
    notificationSettings: {
      ...defaultNotificationSettings,
      channel: 'text',
      phone: { number: tutorPhoneNumber, verified: true, optedOut: true },
    },
  },
  /** Five codes were texted this hour: asking for another answers 429. */
  phoneCodeLimitReached: { phoneCodesSent: 5 },

  // Onboarding area
  applicantNoTasksDone: { applicant: applicantNoTasksDone },
  /** The default: Sam Rivera, waiver signed. */
  applicantOneTaskDone: { applicant: applicantOneTaskDone },
  applicantTwoTasksDone: { applicant: applicantTwoTasksDone },
  applicantAllTasksDone: { applicant: applicantAllTasksDone },
  applicantWithUnrecognisedAvailability: { applicant: applicantWithUnrecognisedAvailability },
  /** The dashboard redirects to /onboarding/chat/schedule. */
  applicantWithoutInterview: { applicant: applicantWithoutInterview },
  applicantReadyToTutor: { applicant: applicantReadyToTutor },
  applicantMatched: { applicant: applicantMatched },
  /** POST /onboarding-tutor and getOnboardingTutor answer 404. */
  noApplicant: { applicant: null },
} satisfies Record<string, MockDbSeed>;

/** A Learning Hub state: the seed, and the student whose page (learning-pathway/{id}) shows it. */
export interface LearningHubScenario {
  seed: MockDbSeed;
  studentId: string;
}

/** Every Learning Hub state of §2/§4, e.g. `learningHubScenarios.passed`. */
export const learningHubScenarios = {
  /** No result yet: instructions and 'Copy to Clipboard'; some lessons completed. */
  noResultYet: { seed: {}, studentId: studentAna.id },
  /** 'First Sessions' (no intro or session structure), 'Failed', no next-unit link. */
  failedFirstSessions: { seed: {}, studentId: studentLiam.id },
  /** 'Passed' and a Next Unit Pre-Assessment. */
  passed: { seed: scenarios.tutorWithoutAvailabilityForm, studentId: studentNoah.id },
  /** 'Passed', no Next_Pre_Assessment_URL. */
  passedWithoutNextUnit: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-isabella' },
  /** 'Failed' with a Next Unit Pre-Assessment; a long pathway with long names. */
  failedWithNextUnit: {
    seed: scenarios.tutorWithTwelveStudents,
    studentId: studentWithLongNameAndSubjects.id,
  },
  /** No result and no post-assessment, with a Next Unit Pre-Assessment. */
  noPostAssessment: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-zara' },
  /** Every lesson completed. */
  allLessonsCompleted: { seed: scenarios.tutorAtHighestTitle, studentId: 'stu-aiden' },
  /** No pathway: the Spring Post-Assessment card, with the grade's pre-assessment link. */
  noPathway3rdGrade: { seed: {}, studentId: studentMia.id },
  noPathway4thGrade: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-ethan' },
  noPathway5thGrade: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-lily' },
  noPathway6thGrade: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-mateo' },
  noPathway7thGrade: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-kwame' },
  /** 8th grade has no pre-assessment form (§5: 3rd to 7th only). */
  noPathway8thGrade: { seed: scenarios.tutorWithTwelveStudents, studentId: 'stu-oluwaseun' },
  /** Not one of the tutor's students: 'Can't find student information'. */
  notTheTutorsStudent: { seed: {}, studentId: studentNoah.id },
} satisfies Record<string, LearningHubScenario>;
