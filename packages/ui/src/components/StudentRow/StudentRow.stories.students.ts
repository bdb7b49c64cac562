import type { FamilyLanguage } from '../FamilyLanguageNotice/FamilyLanguageNotice';
import type { StudentRowStudent } from './StudentRow';

// The students of the StudentRow and StudentList stories, as view models: what the portal's
// tutoring feature makes of the api's students.

/** A family that reads Spanish on a server that translates: both ways, the notice says. */
const spanishTranslated: FamilyLanguage = { name: 'Spanish', code: 'es', translated: true };

/** A family that reads Spanish on a server without translation: texts go out as written. */
const spanishNotTranslated: FamilyLanguage = { name: 'Spanish', code: 'es', translated: false };

/** Seen 6 days ago; the family speaks English (the student Portuguese). */
export const studentNoah: StudentRowStudent = {
  id: 'stu-noah',
  studentCode: 'S-2011',
  firstName: 'Noah',
  lastName: 'Silva',
  grade: '7th',
  subjects: ['Math'],
  daysSinceLastSession: 6,
  familyLanguage: null,
  guardianName: 'Marta Silva',
};

/** Not seen for 14 days (more than 10): flagged. */
export const studentLiam: StudentRowStudent = {
  id: 'stu-liam',
  studentCode: 'S-1077',
  firstName: 'Liam',
  lastName: 'Okafor',
  grade: '6th',
  subjects: ['Math', 'Reading'],
  daysSinceLastSession: 14,
  familyLanguage: null,
  guardianName: 'Grace Okafor',
};

/** A Spanish-speaking family whose messages are translated, last seen exactly 10 days ago. */
export const studentSpanishAtTenDays: StudentRowStudent = {
  id: 'stu-carla',
  studentCode: 'S-1120',
  firstName: 'Carla',
  lastName: 'Reyes',
  grade: '3rd',
  subjects: ['Reading'],
  daysSinceLastSession: 10,
  familyLanguage: spanishTranslated,
  guardianName: 'Rosa Reyes',
};

/** A Spanish-speaking family on a server that does not translate. */
export const studentAna: StudentRowStudent = {
  id: 'stu-ana',
  studentCode: 'S-1042',
  firstName: 'Ana',
  lastName: 'García',
  grade: '4th',
  subjects: ['Math'],
  daysSinceLastSession: 3,
  familyLanguage: spanishNotTranslated,
  guardianName: 'Lucía García',
};

/**
 * A Spanish-speaking student whose guardian reads English: the server reports no family
 * language, so the row shows no notice.
 */
export const studentIsabella: StudentRowStudent = {
  id: 'stu-isabella',
  studentCode: 'S-3110',
  firstName: 'Isabella',
  lastName: 'Moreno-Whitaker',
  grade: '6th',
  subjects: ['Pre-Algebra and Foundations of Mathematical Reasoning', 'Science'],
  daysSinceLastSession: 3,
  familyLanguage: null,
  guardianName: 'Carmen Moreno',
};

/**
 * The longest card: long first, last and guardian names (single words of up to 29 characters),
 * long subjects, a Spanish-speaking family and 21 days without a session.
 */
export const studentWithLongNamesAndSessionGap: StudentRowStudent = {
  id: 'stu-maximiliana',
  studentCode: 'S-1121',
  firstName: 'Maximiliana',
  lastName: 'Featherstonehaugh-Worthington',
  grade: '8th',
  subjects: ['Mathematics (Algebra I)', 'English Language Arts', 'Earth Science'],
  daysSinceLastSession: 21,
  familyLanguage: spanishTranslated,
  guardianName: 'Guadalupe Featherstonehaugh-Worthington',
};

/** The clock of the inbox stories: a Wednesday afternoon. */
export const inboxNow = new Date('2026-03-04T15:00:00');

/** Two replies from the family the tutor has not read yet. */
export const studentWithUnreadReplies: StudentRowStudent = {
  ...studentNoah,
  conversation: {
    unreadCount: 2,
    lastMessage: {
      from: 'family',
      text: 'Noah finished the fractions worksheet, thank you! Can we move Thursday to 5pm?',
      sentAt: '2026-03-04T14:12:00',
      hasPhoto: false,
    },
    attention: null,
  },
};

/** The tutor's own text was the last one, yesterday: 'You: …', nothing unread. */
export const studentWithOwnLastText: StudentRowStudent = {
  ...studentLiam,
  conversation: {
    unreadCount: 0,
    lastMessage: {
      from: 'you',
      text: 'See you on Thursday at 4!',
      sentAt: '2026-03-03T18:40:00',
      hasPhoto: false,
    },
    attention: null,
  },
};

/** A text the carrier blocked as spam (Twilio 30007). */
export const studentWithUndeliveredText: StudentRowStudent = {
  ...studentSpanishAtTenDays,
  conversation: {
    unreadCount: 0,
    lastMessage: {
      from: 'you',
      text: '¿Podemos reunirnos el jueves?',
      sentAt: '2026-03-04T09:05:00',
      hasPhoto: false,
    },
    attention: { kind: 'notDelivered', count: 1, reason: 'the carrier blocked it as spam' },
  },
};

/** Two texts that could not be translated, waiting for Retry or Send as written. */
export const studentWithUntranslatedTexts: StudentRowStudent = {
  ...studentAna,
  id: 'stu-ana-untranslated',
  conversation: {
    unreadCount: 1,
    lastMessage: {
      from: 'you',
      text: 'Please bring the reading log on Monday.',
      sentAt: '2026-02-27T16:30:00',
      hasPhoto: false,
    },
    attention: { kind: 'notSent', count: 2 },
  },
};

/** A reply of several hundred characters, and a photo: one line, cut with an ellipsis. */
export const studentWithLongReply: StudentRowStudent = {
  ...studentWithLongNamesAndSessionGap,
  conversation: {
    unreadCount: 12,
    lastMessage: {
      from: 'family',
      text: 'Buenas tardes, quería contarle que Maximiliana estuvo practicando las tablas de multiplicar toda la semana con la aplicación que nos recomendó y ahora ya se sabe la del siete y la del ocho, pero todavía se confunde con la del nueve; ¿podría repasar eso con ella el jueves? Muchas gracias por todo.',
      sentAt: '2026-02-20T10:00:00',
      hasPhoto: true,
    },
    attention: null,
  },
};

/** A photo the family sent without words. */
export const studentWithPhotoOnly: StudentRowStudent = {
  ...studentIsabella,
  conversation: {
    unreadCount: 1,
    lastMessage: { from: 'family', text: '', sentAt: '2026-03-04T13:01:00', hasPhoto: true },
    attention: null,
  },
};

/** No message yet: no preview at all. */
export const studentWithoutMessages: StudentRowStudent = {
  ...studentNoah,
  id: 'stu-zoe',
  studentCode: 'S-2040',
  firstName: 'Zoe',
  lastName: 'Park',
  guardianName: 'Min Park',
  conversation: { unreadCount: 0, lastMessage: null, attention: null },
};
