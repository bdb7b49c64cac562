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
