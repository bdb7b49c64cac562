import { callableErrorMessage, isCallableError } from '@tutoring/api/callables';
import type { components } from '@tutoring/api/schema';
import { useState } from 'react';
import { referenceOf } from '../../lib/apiError';
import { useCallables } from '../../lib/services/portalServices';

type Student = components['schemas']['Student'];
type Tutor = components['schemas']['Tutor'];

export type LaunchStudent = Pick<
  Student,
  'id' | 'Student_ID' | 'First_Name' | 'Math_Tool_ID' | 'Subject_s_' | 'grade'
>;
export type LaunchTutor = Pick<Tutor, 'First_Name' | 'Tutor_ID'>;

/**
 * The learning portal's login page with the query values of §7: url (what
 * launchLearningPortalForStudent answered), name (the student's and the tutor's first names, the
 * session's name), mathToolId, subjects (a comma list), grade, tutorId and studentId.
 */
export function learningPortalLoginUrl(
  loginPage: string,
  launch: string,
  student: LaunchStudent,
  tutor: LaunchTutor,
): string {
  const url = new URL(loginPage);
  url.searchParams.set('url', launch);
  url.searchParams.set('name', `${student.First_Name.trim()} & ${tutor.First_Name.trim()}`);
  url.searchParams.set('mathToolId', student.Math_Tool_ID ?? '');
  url.searchParams.set(
    'subjects',
    student.Subject_s_.map((subject) => subject.trim())
      .filter(Boolean)
      .join(','),
  );
  url.searchParams.set('grade', student.grade);
  url.searchParams.set('tutorId', tutor.Tutor_ID);
  url.searchParams.set('studentId', student.Student_ID);
  return url.toString();
}

/** Why a launch did not open the learning portal, for the notice above the students. */
export interface LearningPortalLaunchFailure {
  studentName: string;
  message: string;
  /** The server's id of the failed request, shown as "Reference" for support. */
  reference?: string | undefined;
}

const blockedMessage =
  'Your browser blocked the new tab. Allow pop-ups for this site, then try again.';

function failureMessage(error: unknown): string {
  if (isCallableError(error)) return callableErrorMessage(error);
  return 'Please try again in a moment.';
}

/** Text for the new tab while the launch link is fetched (it is a blank page of this origin). */
function showOpeningText(tab: Window): void {
  try {
    tab.document.title = 'Opening the learning portal…';
    tab.document.body.textContent = 'Opening the learning portal…';
  } catch {
    // A tab the browser has already taken elsewhere needs no text.
  }
}

/**
 * Launches the learning portal for a student (§7): the tab is opened straight from the press, so
 * popup blockers allow it, and only then is launchLearningPortalForStudent called; the tab is then
 * sent to the login page. On failure the tab is closed and the failure kept for the page to show.
 */
export function useLearningPortalLaunch(
  tutor: LaunchTutor,
  loginPage: string,
  openTab: () => Window | null = () => window.open('', '_blank'),
) {
  const getCallables = useCallables();
  const [launchingIds, setLaunchingIds] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<LearningPortalLaunchFailure | null>(null);

  const settle = (studentId: string) =>
    setLaunchingIds((current) => {
      const next = new Set(current);
      next.delete(studentId);
      return next;
    });

  const launch = (student: LaunchStudent) => {
    if (launchingIds.has(student.id)) return;
    setFailure(null);
    const tab = openTab();
    if (!tab) {
      setFailure({ studentName: student.First_Name, message: blockedMessage });
      return;
    }
    // The learning portal gets no handle on this page.
    tab.opener = null;
    showOpeningText(tab);
    setLaunchingIds((current) => new Set(current).add(student.id));
    getCallables()
      .then((callables) => callables.launchLearningPortalForStudent({ studentId: student.id }))
      .then((launchUrl) => {
        tab.location.href = learningPortalLoginUrl(loginPage, launchUrl, student, tutor);
      })
      .catch((error: unknown) => {
        tab.close();
        console.error(`Launching the learning portal for student ${student.id} failed.`, error);
        setFailure({
          studentName: student.First_Name,
          message: failureMessage(error),
          reference: referenceOf(error),
        });
      })
      .finally(() => settle(student.id));
  };

  return { launch, launchingIds, failure };
}
