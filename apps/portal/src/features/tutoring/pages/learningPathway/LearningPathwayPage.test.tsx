import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { learningPathwayAna, learningPathwayLiam, tutorMaya } from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { FirebaseError } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServices } from '../../../../lib/testing/testServices';
import { renderPage, signedInMaya, tutorAnswer } from '../testing/renderTutoringPage';
import { LearningPathwayPage } from './LearningPathwayPage';
import { studentPathwayQueryKey } from './useStudentPathway';

type LearningPathway = components['schemas']['LearningPathway'];
type LessonCompletion = components['schemas']['LessonCompletion'];

const mocks = vi.hoisted(() => ({
  auth: { state: { status: 'loading' } as import('../../../../auth/authState').AuthState },
  getTutor: vi.fn(),
  getStudentPathway: vi.fn<(data: { studentId: string }) => Promise<unknown>>(),
  updateLessonCompletionStatus:
    vi.fn<(data: { studentId: string; lessonId: string }) => Promise<unknown>>(),
}));

const writeText = vi.fn<(text: string) => Promise<void>>();

function pathwaysByStudent(pathways: Record<string, LearningPathway | null>) {
  mocks.getStudentPathway.mockImplementation(async ({ studentId }) => {
    if (!(studentId in pathways))
      throw new FirebaseError('functions/not-found', 'No such student.');
    return structuredClone(pathways[studentId]);
  });
}

function renderHub(studentId: string, random?: () => number) {
  return renderPage(LearningPathwayPage, {
    routePath: '/tutoring/learning-pathway/:studentId',
    at: `/tutoring/learning-pathway/${studentId}`,
    random,
    services: createTestServices({
      auth: () => mocks.auth.state,
      api: { GET: mocks.getTutor, POST: vi.fn() },
      callables: {
        getStudentPathway: mocks.getStudentPathway,
        updateLessonCompletionStatus: mocks.updateLessonCompletionStatus,
      },
    }),
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LearningPathwayPage (learning-pathway/{studentId})', () => {
  beforeEach(() => {
    mocks.auth.state = signedInMaya;
    mocks.getTutor.mockReset().mockResolvedValue(tutorAnswer(structuredClone(tutorMaya)));
    mocks.getStudentPathway.mockReset();
    mocks.updateLessonCompletionStatus.mockReset();
    pathwaysByStudent({
      'stu-ana': learningPathwayAna,
      'stu-liam': learningPathwayLiam,
      'stu-mia': null,
    });
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  });
  afterEach(cleanup);

  it('shows a loading indicator until the tutor and then the pathway have loaded', async () => {
    const tutor = deferred<unknown>();
    mocks.getTutor.mockReturnValue(tutor.promise);
    const pathway = deferred<unknown>();
    mocks.getStudentPathway.mockReturnValue(pathway.promise);
    await renderHub('stu-ana');
    expect(screen.getByRole('progressbar', { name: 'Loading student information' })).toBeTruthy();

    tutor.resolve(tutorAnswer(structuredClone(tutorMaya)));
    expect(
      await screen.findByRole('progressbar', { name: "Loading Ana's learning pathway" }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Ana's Learning Hub");

    pathway.resolve(structuredClone(learningPathwayAna));
    expect(await screen.findByRole('region', { name: 'Lessons' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("titles the page '{student}'s Learning Hub' and shares GET /tutor's cache with the dashboard", async () => {
    const { queryClient } = await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Ana's Learning Hub");
    expect(document.title).toBe("Ana's Learning Hub");
    expect(screen.getByText('Grade 4 Math: Fractions')).toBeTruthy();
    expect(queryClient.getQueryData(['tutor', 'uid-maya'])).toEqual(tutorMaya);
    expect(mocks.getStudentPathway).toHaveBeenCalledWith({ studentId: 'stu-ana' });
  });

  it("shows 'Can't find student information' for a student who is not the tutor's, without asking for a pathway", async () => {
    await renderHub('stu-noah');
    expect(
      await screen.findByRole('heading', { name: "Can't find student information" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your students' }).getAttribute('href')).toBe(
      '/tutoring',
    );
    expect(mocks.getStudentPathway).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Spring Post-Assessment' })).toBeNull();
  });

  it('shows the intro, the session structure of §9 and a randomly picked Check In activity', async () => {
    // The pick comes through RandomContext (a spy on Math.random would miss it).
    await renderHub('stu-ana', () => 0.6);
    const intro = await screen.findByRole('region', { name: 'Introduction' });
    expect(intro.textContent).toContain(learningPathwayAna.Intro_description);
    expect(intro.textContent).toContain('A lesson takes about 60 minutes.');
    const steps = within(intro).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Check In',
      'Lessons and Tasks',
      'Wrap Up',
    ]);
    expect(steps.map((step) => /\d.*minutes/.exec(step.textContent ?? '')?.[0])).toEqual([
      '5 minutes',
      '30-40 minutes',
      '5 minutes',
    ]);
    // 0.6 of two activities is the second one.
    expect(steps[0]?.textContent).toContain('Two quick mental-math problems.');
  });

  it('falls back to asking about their day when the pathway has no intro activity', async () => {
    pathwaysByStudent({ 'stu-ana': { ...learningPathwayAna, introActivities: {} } });
    await renderHub('stu-ana');
    const intro = await screen.findByRole('region', { name: 'Introduction' });
    expect(within(intro).getAllByRole('listitem')[0]?.textContent).toContain(
      'Please ask your student about their day.',
    );
  });

  it("hides the intro and session structure for a 'First Sessions' pathway", async () => {
    await renderHub('stu-liam');
    await screen.findByRole('region', { name: 'Lessons' });
    expect(screen.getByText('Grade 6 Math First Sessions')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Introduction' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Session structure' })).toBeNull();
  });

  it('lists the lessons sorted by lesson id and grouped by topic, with their completion', async () => {
    const shuffled = {
      ...learningPathwayAna,
      Lessons: [...learningPathwayAna.Lessons].reverse(),
    };
    pathwaysByStudent({ 'stu-ana': shuffled });
    await renderHub('stu-ana');
    const lessons = await screen.findByRole('region', { name: 'Lessons' });
    expect(
      within(lessons)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Fractions', 'Multiplication', 'Geometry']);
    const links = within(lessons).getAllByRole('link');
    expect(links.map((link) => /^\d+\. [^(]+/.exec(link.textContent ?? '')?.[0].trim())).toEqual([
      '1. Equivalent fractions with models',
      '2. Comparing fractions',
      '3. Adding fractions with like denominators',
      '4. Multiplying by one-digit numbers',
      '5. Multiplying two-digit numbers',
      '6. Measuring angles',
    ]);
    const checkboxes = within(lessons).getAllByRole('checkbox') as HTMLInputElement[];
    expect(checkboxes.map((box) => box.checked)).toEqual([true, true, false, false, false, false]);
  });

  it('reports a checked lesson once, marks it at once and never unmarks it', async () => {
    const answer = deferred<LessonCompletion>();
    mocks.updateLessonCompletionStatus.mockReturnValue(answer.promise);
    const { queryClient } = await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    const box = screen.getByRole('checkbox', {
      name: 'Adding fractions with like denominators completed',
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    // Marked locally before the server has answered.
    await waitFor(() => expect(box.checked).toBe(true));
    expect(mocks.updateLessonCompletionStatus).toHaveBeenCalledWith({
      studentId: 'stu-ana',
      lessonId: 'les-403',
    });

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(mocks.updateLessonCompletionStatus).toHaveBeenCalledTimes(1);

    answer.resolve({
      studentId: 'stu-ana',
      lessonId: 'les-403',
      completed_lessons: { 'les-401': true, 'les-402': true, 'les-403': true },
    });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<LearningPathway>(studentPathwayQueryKey('uid-maya', 'stu-ana'))
          ?.completed_lessons,
      ).toEqual({ 'les-401': true, 'les-402': true, 'les-403': true }),
    );
    expect(box.checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a lesson whose report failed marked, says so and sends it again on Try again', async () => {
    mocks.updateLessonCompletionStatus
      .mockRejectedValueOnce(new FirebaseError('functions/unavailable', 'Unavailable [503]'))
      .mockResolvedValueOnce({
        studentId: 'stu-ana',
        lessonId: 'les-411',
        completed_lessons: { 'les-401': true, 'les-402': true, 'les-411': true },
      });
    await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    const box = screen.getByRole('checkbox', {
      name: 'Multiplying by one-digit numbers completed',
    }) as HTMLInputElement;
    fireEvent.click(box);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved as completed yet:');
    expect(alert.textContent).toContain('Multiplying by one-digit numbers');
    expect(box.checked).toBe(true);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(mocks.updateLessonCompletionStatus).toHaveBeenCalledTimes(2);
    expect(mocks.updateLessonCompletionStatus).toHaveBeenLastCalledWith({
      studentId: 'stu-ana',
      lessonId: 'les-411',
    });
    expect(box.checked).toBe(true);
  });

  it("without a result: instructions and 'Copy to Clipboard', which copies the post-assessment link and reads 'Copied!'", async () => {
    await renderHub('stu-ana');
    const assessment = await screen.findByRole('region', { name: 'Assessment' });
    expect(assessment.textContent).toContain('at least 30 minutes');
    fireEvent.click(within(assessment).getByRole('button', { name: 'Copy to Clipboard' }));
    await within(assessment).findByRole('button', { name: 'Copied!' });
    expect(writeText).toHaveBeenCalledWith(learningPathwayAna.Post_Assessment_URL);
    // No result and a post-assessment: the next unit waits.
    expect(
      within(assessment).queryByRole('heading', { name: 'Next Unit Pre-Assessment' }),
    ).toBeNull();
  });

  it('after a failed assessment: the thank-you, advice and the Additional Lessons', async () => {
    await renderHub('stu-liam');
    const assessment = await screen.findByRole('region', { name: 'Assessment' });
    expect(assessment.textContent).toContain('Thank you for giving the post-assessment');
    expect(within(assessment).getByRole('heading', { name: 'Additional Lessons' })).toBeTruthy();
    expect(
      within(assessment)
        .getByRole('link', { name: /^Ratio tables practice/ })
        .getAttribute('href'),
    ).toBe('https://learn.example.org/lessons/les-690');
    expect(within(assessment).queryByRole('button', { name: 'Copy to Clipboard' })).toBeNull();
  });

  it('after a passed assessment: proficiency, and the Next Unit Pre-Assessment with its link', async () => {
    const nextUrl = 'https://forms.example.org/pre-assessment/unit-2?id=S-1042&name=Ana&grade=4th';
    pathwaysByStudent({
      'stu-ana': {
        ...learningPathwayAna,
        Assessment_result: 'Passed',
        Next_Pre_Assessment_URL: nextUrl,
      },
    });
    await renderHub('stu-ana');
    const assessment = await screen.findByRole('region', { name: 'Assessment' });
    expect(assessment.textContent).toContain('Proficient');
    expect(assessment.textContent).toContain('Ana passed Fractions post-assessment');
    expect(
      within(assessment)
        .getByRole('link', { name: /^Go to Next Unit Pre-Assessment/ })
        .getAttribute('href'),
    ).toBe(nextUrl);
  });

  it("shows a 'First Sessions' pathway's grade-based unit-one pre-assessment as the next unit", async () => {
    const unitOne =
      'https://forms.example.org/pre-assessment/unit-1-grade-3rd?id=S-1103&name=Mia&grade=3rd';
    pathwaysByStudent({
      'stu-mia': {
        ...learningPathwayLiam,
        Pathway_Name: 'Grade 3 Reading First Sessions',
        Assessment_result: '',
        Post_Assessment: null,
        Post_Assessment_URL: null,
        Next_Pre_Assessment_URL: unitOne,
        student_obj: { First_Name: 'Mia', grade: '3rd' },
      },
    });
    await renderHub('stu-mia');
    const assessment = await screen.findByRole('region', { name: 'Assessment' });
    expect(
      within(assessment)
        .getByRole('link', { name: /^Go to Next Unit Pre-Assessment/ })
        .getAttribute('href'),
    ).toBe(unitOne);
  });

  it("without a pathway: the Spring Post-Assessment card with the student's id, name and grade", async () => {
    await renderHub('stu-mia');
    const card = await screen.findByRole('region', { name: 'Spring Post-Assessment' });
    const go = within(card).getByRole('link', { name: /^Go to Assessment/ });
    const href = new URL(go.getAttribute('href') ?? '');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      id: 'S-1103',
      name: 'Mia',
      grade: '3rd',
    });
    expect(go.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(card).getByRole('button', { name: 'Copy Assessment Link' }));
    await within(card).findByRole('button', { name: 'Copied!' });
    expect(writeText).toHaveBeenCalledWith(href.toString());
    expect(screen.queryByRole('region', { name: 'Lessons' })).toBeNull();
  });

  it('when the pathway cannot be loaded: the message, Try again and the Spring card', async () => {
    mocks.getStudentPathway.mockRejectedValue(
      new FirebaseError('functions/permission-denied', 'Only tutors may read pathways. [403]'),
    );
    await renderHub('stu-ana');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The learning pathway could not be loaded.Only tutors may read pathways.',
    );
    expect(screen.getByRole('region', { name: 'Spring Post-Assessment' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lessons' })).toBeNull();

    pathwaysByStudent({ 'stu-ana': learningPathwayAna });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Lessons' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Spring Post-Assessment' })).toBeNull();
  });

  it('tries a transient failure once more before showing it', async () => {
    mocks.getStudentPathway
      .mockRejectedValueOnce(new FirebaseError('functions/unavailable', 'Busy [503]'))
      .mockResolvedValueOnce(structuredClone(learningPathwayAna));
    await renderHub('stu-ana');
    expect(await screen.findByRole('region', { name: 'Lessons' }, { timeout: 4000 })).toBeTruthy();
    expect(mocks.getStudentPathway).toHaveBeenCalledTimes(2);
  });

  it("opens the 'Copied!' dialog when the website link is copied", async () => {
    await renderHub('stu-ana');
    const website = await screen.findByRole('region', { name: 'Student Website' });
    expect(website.textContent).toContain(tutorMaya.correspondents[0]?.Tutoring_Code);
    fireEvent.click(within(website).getByRole('button', { name: 'Copy Website Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copied!' });
    expect(dialog.textContent).toContain('The student website link is on your clipboard.');
    const copied = writeText.mock.calls[0]?.[0];
    expect(copied).toMatch(/^https:\/\//);
    expect(within(website).getByRole('link', { name: new RegExp(`^${copied}`) })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the clipboard refuses the website link, and opens no dialog', async () => {
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await renderHub('stu-ana');
    const website = await screen.findByRole('region', { name: 'Student Website' });
    fireEvent.click(within(website).getByRole('button', { name: 'Copy Website Link' }));
    expect((await within(website).findByRole('alert')).textContent).toContain(
      'The link could not be copied.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
