import {
  studentAna,
  studentLiam,
  studentMia,
  studentSpanishAtTenDays,
  twelveStudents,
} from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { describe, expect, it } from 'vitest';
import { toStudentRowStudent, toStudentRowStudents } from './studentViewModel';

type Student = components['schemas']['Student'];

const withChanges = (changes: Partial<Student>): Student => ({ ...studentLiam, ...changes });

describe('toStudentRowStudent', () => {
  it('maps every field a student row reads, and nothing else', () => {
    expect(toStudentRowStudent(studentAna)).toEqual({
      id: 'stu-ana',
      studentCode: 'S-1042',
      firstName: 'Ana',
      lastName: 'García',
      grade: '4th',
      subjects: ['Math'],
      daysSinceLastSession: 3,
      familyLanguage: { name: 'Spanish', code: 'es', translated: false },
      guardianName: 'Lucía García',
    });
  });

  it('speaks the product words only: no wire name (inner underscore) survives', () => {
    for (const student of twelveStudents) {
      for (const key of Object.keys(toStudentRowStudent(student))) {
        expect(key).not.toMatch(/[A-Za-z0-9]_/);
      }
    }
  });

  it('keeps the family language the server reports, translated or not, and null for English', () => {
    expect(toStudentRowStudent(studentSpanishAtTenDays).familyLanguage).toEqual({
      name: 'Spanish',
      code: 'es',
      translated: true,
    });
    expect(toStudentRowStudent(studentLiam).familyLanguage).toBeNull();
  });

  it('keeps a null last session null (no flag), and 0 and 10 as numbers', () => {
    expect(toStudentRowStudent(studentMia).daysSinceLastSession).toBeNull();
    expect(toStudentRowStudent(withChanges({ lastSession: 0 })).daysSinceLastSession).toBe(0);
    expect(toStudentRowStudent(studentSpanishAtTenDays).daysSinceLastSession).toBe(10);
    expect(toStudentRowStudent(studentLiam).daysSinceLastSession).toBe(14);
  });

  it('passes subjects on as they are: empty stays empty, blank entries are the row’s to skip', () => {
    expect(toStudentRowStudent(withChanges({ Subject_s_: [] })).subjects).toEqual([]);
    expect(toStudentRowStudent(withChanges({ Subject_s_: ['Math', ' ', ''] })).subjects).toEqual([
      'Math',
      ' ',
      '',
    ]);
    expect(toStudentRowStudent(studentLiam).subjects).toEqual(['Math', 'Reading']);
  });

  it("joins the guardian's names, leaving out a missing one; '' when neither is given", () => {
    const guardian = (first: string, last: string) =>
      toStudentRowStudent(withChanges({ Guardian_First_Name: first, Guardian_Last_Name: last }))
        .guardianName;
    expect(guardian('Grace', 'Okafor')).toBe('Grace Okafor');
    expect(guardian('Grace', '')).toBe('Grace');
    expect(guardian('', 'Okafor')).toBe('Okafor');
    expect(guardian('', '')).toBe('');
    // An older record without the fields at all (the wire type says string, the data may not).
    const { Guardian_First_Name, Guardian_Last_Name, ...withoutGuardian } = studentLiam;
    expect(toStudentRowStudent(withoutGuardian as unknown as Student).guardianName).toBe('');
  });

  it("keeps an empty grade and last name empty (the row shows 'Not given' and the first name)", () => {
    const student = toStudentRowStudent(withChanges({ grade: '', Last_Name: '' }));
    expect(student.grade).toBe('');
    expect(student.lastName).toBe('');
    expect(student.firstName).toBe('Liam');
  });
});

describe('toStudentRowStudents', () => {
  it("keeps the server's order and one row per student", () => {
    expect(toStudentRowStudents(twelveStudents).map((student) => student.id)).toEqual(
      twelveStudents.map((student) => student.id),
    );
    expect(toStudentRowStudents([])).toEqual([]);
  });
});
