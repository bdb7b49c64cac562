import type { components } from '@tutoring/api/schema';
import { defaultCheckInPrompt } from '@tutoring/ui/components/SessionStructure/SessionStructure';

type LearningPathway = components['schemas']['LearningPathway'];
type Student = components['schemas']['Student'];

/** §2: a pathway whose name ends with 'First Sessions' hides the intro and session structure. */
export function isFirstSessionsPathway(pathwayName: string): boolean {
  return /First Sessions$/.test(pathwayName.trim());
}

/**
 * The Check In activity of a session (§5): one of the pathway's intro activities, picked at
 * random, or 'Please ask your student about their day.' when none has a description.
 * `random` returns a number in [0, 1), like Math.random.
 */
export function pickCheckInPrompt(
  introActivities: LearningPathway['introActivities'],
  random: () => number = Math.random,
): string {
  const descriptions = Object.values(introActivities)
    .map((activity) => activity.description.trim())
    .filter((description) => description !== '');
  if (descriptions.length === 0) return defaultCheckInPrompt;
  const index = Math.min(Math.floor(random() * descriptions.length), descriptions.length - 1);
  return descriptions[index] ?? defaultCheckInPrompt;
}

/**
 * An assessment link for a student (§5): the form's URL with the student's id, name and grade as
 * query values, as the server builds the links of a pathway.
 */
export function assessmentLinkFor(
  formUrl: string,
  student: Pick<Student, 'Student_ID' | 'First_Name' | 'grade'>,
): string {
  const link = new URL(formUrl);
  link.searchParams.set('id', student.Student_ID);
  link.searchParams.set('name', student.First_Name);
  link.searchParams.set('grade', student.grade);
  return link.toString();
}

/** §2: '{student}'s Learning Hub'. */
export function learningHubTitle(firstName: string): string {
  return `${firstName}'s Learning Hub`;
}
