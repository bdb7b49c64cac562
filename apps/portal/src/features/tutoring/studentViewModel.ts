import type { components } from '@tutoring/api/schema';
import type { StudentRowStudent } from '@tutoring/ui/components/StudentRow/StudentRow';

type Student = components['schemas']['Student'];

/**
 * A correspondent of GET /tutor as a student row shows it: the api's wire names (`First_Name`,
 * `Subject_s_`, …) become the ui's product words. Only the fields the row reads are kept.
 */
export function toStudentRowStudent(student: Student): StudentRowStudent {
  return {
    id: student.id,
    studentCode: student.Student_ID,
    firstName: student.First_Name,
    lastName: student.Last_Name,
    grade: student.grade,
    subjects: student.Subject_s_,
    daysSinceLastSession: student.lastSession,
    familyLanguage: student.familyLanguage,
    guardianName: guardianName(student),
  };
}

/** The tutor's students, in the server's order, as the student list shows them. */
export function toStudentRowStudents(students: readonly Student[]): StudentRowStudent[] {
  return students.map(toStudentRowStudent);
}

/** The guardian's first and last name, whichever are given; '' when neither is. */
function guardianName(student: Pick<Student, 'Guardian_First_Name' | 'Guardian_Last_Name'>) {
  return [student.Guardian_First_Name, student.Guardian_Last_Name].filter(Boolean).join(' ');
}
