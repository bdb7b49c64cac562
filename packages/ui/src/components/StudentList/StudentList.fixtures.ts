import type { StudentRowStudent } from '../StudentRow/StudentRow';

/** Story data shaped like the api's Student (only the fields the rows read). */
export const studentAna: StudentRowStudent = {
  id: 'rec-ana',
  Student_ID: 'S-1001',
  First_Name: 'Ana',
  Last_Name: 'Lopez',
  grade: '4th',
  Subject_s_: ['Math', 'Reading'],
  lastSession: 3,
  Language: 'English',
  Student_Language: 'English',
  Guardian_First_Name: 'Maria',
  Guardian_Last_Name: 'Lopez',
};

export const studentBen: StudentRowStudent = {
  id: 'rec-ben',
  Student_ID: 'S-1002',
  First_Name: 'Ben',
  Last_Name: 'Okafor',
  grade: '6th',
  Subject_s_: ['Math'],
  lastSession: 14,
  Language: 'English',
  Student_Language: 'English',
  Guardian_First_Name: 'Grace',
  Guardian_Last_Name: 'Okafor',
};

export const studentCarla: StudentRowStudent = {
  id: 'rec-carla',
  Student_ID: 'S-1003',
  First_Name: 'Carla',
  Last_Name: 'Reyes',
  grade: '3rd',
  Subject_s_: ['Reading'],
  lastSession: 10,
  Language: 'Spanish',
  Student_Language: 'Spanish',
  Guardian_First_Name: 'Rosa',
  Guardian_Last_Name: 'Reyes',
};
