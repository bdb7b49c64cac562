import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { learningPathwayAna, learningPathwayLiam, tutorMaya } from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../../testing/mockBackend';
import { signedInMaya } from '../../../../testing/sessions';
import { createTestServices } from '../../../../testing/testServices';
import { renderPage } from '../testing/renderTutoringPage';
import { LearningPathwayPage } from './LearningPathwayPage';
import { studentPathwayQueryKey } from './useStudentPathway';

type LearningPathway = components['schemas']['LearningPathway'];

const writeText = vi.fn<(text: string) => Promise<void>>();

/**
 * Maya Chen (the default db): Ana's pathway (no result yet), Liam's ('First Sessions', failed),
 * none for Mia; Noah is Jordan Lee's student.
 */
let backend: MockBackend;
const pathwayRequests = () => backend.requestsTo('POST /functions/getStudentPathway');
const completionRequests = () => backend.requestsTo('POST /functions/updateLessonCompletionStatus');

function renderHub(studentId: string, random?: () => number) {
  return renderPage(LearningPathwayPage, {
    routePath: '/tutoring/learning-pathway/:studentId',
    at: `/tutoring/learning-pathway/${studentId}`,
    random,
    services: createTestServices({ auth: () => signedInMaya, backend }),
  });
}

describe('LearningPathwayPage (learning-pathway/{studentId})', () => {
  beforeEach(() => {
    backend = createMockBackend();
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  });
  afterEach(cleanup);

  it('shows a loading indicator until the tutor and then the pathway have loaded', async () => {
    backend.hold('GET /tutor');
    backend.hold('POST /functions/getStudentPathway');
    await renderHub('stu-ana');
    expect(screen.getByRole('progressbar', { name: 'Loading student information' })).toBeTruthy();

    backend.release('GET /tutor');
    expect(
      await screen.findByRole('progressbar', { name: "Loading Ana's learning pathway" }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Ana's Learning Hub");

    backend.release('POST /functions/getStudentPathway');
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
    expect(pathwayRequests().map((request) => request.body)).toContainEqual({
      data: { studentId: 'stu-ana' },
    });
  });

  it("shows 'Can't find student information' for a student who is not the tutor's, without asking for a pathway", async () => {
    await renderHub('stu-noah');
    expect(
      await screen.findByRole('heading', { name: "Can't find student information" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your students' }).getAttribute('href')).toBe(
      '/tutoring',
    );
    expect(pathwayRequests()).toEqual([]);
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
    backend.db.pathways['stu-ana'] = { ...learningPathwayAna, introActivities: {} };
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
    backend.db.pathways['stu-ana'] = shuffled;
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

  it('reports a checked lesson once and marks it at once', async () => {
    backend.hold('POST /functions/updateLessonCompletionStatus');
    const { queryClient } = await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    const box = screen.getByRole('checkbox', {
      name: 'Adding fractions with like denominators completed',
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    // Marked locally before the server has answered.
    await waitFor(() => expect(box.checked).toBe(true));
    await waitFor(() =>
      expect(completionRequests().map((request) => request.body)).toEqual([
        { data: { studentId: 'stu-ana', lessonId: 'les-403', completed: true } },
      ]),
    );
    expect(completionRequests()[0]?.answered).toBe(false);

    // The server records it and answers the completed lessons.
    backend.release('POST /functions/updateLessonCompletionStatus');
    await waitFor(() =>
      expect(
        queryClient.getQueryData<LearningPathway>(studentPathwayQueryKey('uid-maya', 'stu-ana'))
          ?.completed_lessons,
      ).toEqual({ 'les-401': true, 'les-402': true, 'les-403': true }),
    );
    expect(box.checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(completionRequests()).toHaveLength(1);
  });

  it('unchecking a completed lesson reports completed: false, shows it not completed at once, and checking it again marks it again', async () => {
    backend.hold('POST /functions/updateLessonCompletionStatus');
    const { queryClient } = await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    const box = screen.getByRole('checkbox', {
      name: 'Equivalent fractions with models completed',
    }) as HTMLInputElement;
    const item = box.closest('li') as HTMLElement;
    expect(box.checked).toBe(true);
    expect(within(item).getByText('Completed')).toBeTruthy();

    fireEvent.click(box);
    // Not completed at once, before the server has answered.
    await waitFor(() => expect(box.checked).toBe(false));
    expect(within(item).queryByText('Completed')).toBeNull();
    await waitFor(() =>
      expect(completionRequests().map((request) => request.body)).toEqual([
        { data: { studentId: 'stu-ana', lessonId: 'les-401', completed: false } },
      ]),
    );
    expect(completionRequests()[0]?.answered).toBe(false);

    backend.release('POST /functions/updateLessonCompletionStatus');
    await waitFor(() => expect(completionRequests()[0]?.status).toBe(200));
    await waitFor(() =>
      expect(
        queryClient.getQueryData<LearningPathway>(studentPathwayQueryKey('uid-maya', 'stu-ana'))
          ?.completed_lessons,
      ).toEqual({ 'les-402': true }),
    );
    expect(backend.db.pathways['stu-ana']?.completed_lessons['les-401']).toBeUndefined();
    expect(box.checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    // An accidental unmark is undone the same way it was made.
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    await waitFor(() => expect(completionRequests()[1]?.status).toBe(200));
    expect(completionRequests()[1]?.body).toEqual({
      data: { studentId: 'stu-ana', lessonId: 'les-401', completed: true },
    });
    expect(backend.db.pathways['stu-ana']?.completed_lessons['les-401']).toBe(true);
    expect(box.checked).toBe(true);
  });

  it('puts an unchecked lesson back as completed when the server refuses, says so and sends it again on Try again', async () => {
    backend.hold('POST /functions/updateLessonCompletionStatus');
    backend.behaviour['POST /functions/updateLessonCompletionStatus'] = {
      fail: { status: 'UNAVAILABLE', message: 'Unavailable' },
      once: true,
    };
    await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    const box = screen.getByRole('checkbox', {
      name: 'Comparing fractions completed',
    }) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));

    backend.release('POST /functions/updateLessonCompletionStatus');
    // Rolled back: the server still has it completed.
    const alert = await screen.findByRole('alert');
    expect(box.checked).toBe(true);
    expect(alert.textContent).toContain('Still completed: unchecking was not saved for');
    expect(alert.textContent).toContain('Comparing fractions');
    expect(backend.db.pathways['stu-ana']?.completed_lessons['les-402']).toBe(true);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(completionRequests().map((request) => [request.body, request.status])).toEqual([
      [{ data: { studentId: 'stu-ana', lessonId: 'les-402', completed: false } }, 503],
      [{ data: { studentId: 'stu-ana', lessonId: 'les-402', completed: false } }, 200],
    ]);
    expect(box.checked).toBe(false);
    expect(backend.db.pathways['stu-ana']?.completed_lessons['les-402']).toBeUndefined();
  });

  it('sends a quick mark and unmark one after the other, and the lesson ends as the tutor left it', async () => {
    backend.hold('POST /functions/updateLessonCompletionStatus');
    const { queryClient } = await renderHub('stu-ana');
    await screen.findByRole('region', { name: 'Lessons' });
    const box = screen.getByRole('checkbox', {
      name: 'Multiplying by one-digit numbers completed',
    }) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    // The unmark waits for the mark's answer.
    await waitFor(() => expect(completionRequests()).toHaveLength(1));

    backend.release('POST /functions/updateLessonCompletionStatus');
    await waitFor(() => expect(completionRequests()[1]?.status).toBe(200));
    expect(completionRequests().map((request) => request.body)).toEqual([
      { data: { studentId: 'stu-ana', lessonId: 'les-411', completed: true } },
      { data: { studentId: 'stu-ana', lessonId: 'les-411', completed: false } },
    ]);
    await waitFor(() =>
      expect(
        queryClient.getQueryData<LearningPathway>(studentPathwayQueryKey('uid-maya', 'stu-ana'))
          ?.completed_lessons,
      ).toEqual({ 'les-401': true, 'les-402': true }),
    );
    expect(box.checked).toBe(false);
    expect(backend.db.pathways['stu-ana']?.completed_lessons['les-411']).toBeUndefined();
  });

  it('keeps a lesson whose report failed marked, says so and sends it again on Try again', async () => {
    backend.behaviour['POST /functions/updateLessonCompletionStatus'] = {
      fail: { status: 'UNAVAILABLE', message: 'Unavailable' },
      once: true,
    };
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
    expect(completionRequests().map((request) => [request.body, request.status])).toEqual([
      [{ data: { studentId: 'stu-ana', lessonId: 'les-411', completed: true } }, 503],
      [{ data: { studentId: 'stu-ana', lessonId: 'les-411', completed: true } }, 200],
    ]);
    expect(box.checked).toBe(true);
    expect(backend.db.pathways['stu-ana']?.completed_lessons['les-411']).toBe(true);
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
    backend.db.pathways['stu-ana'] = {
      ...learningPathwayAna,
      Assessment_result: 'Passed',
      Next_Pre_Assessment_URL: nextUrl,
    };
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
    backend.db.pathways['stu-mia'] = {
      ...learningPathwayLiam,
      Pathway_Name: 'Grade 3 Reading First Sessions',
      Assessment_result: '',
      Post_Assessment: null,
      Post_Assessment_URL: null,
      Next_Pre_Assessment_URL: unitOne,
      student_obj: { First_Name: 'Mia', grade: '3rd' },
    };
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
    backend.behaviour['POST /functions/getStudentPathway'] = {
      fail: { status: 'PERMISSION_DENIED', message: 'Only tutors may read pathways.' },
    };
    await renderHub('stu-ana');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The learning pathway could not be loaded.Only tutors may read pathways.',
    );
    expect(screen.getByRole('region', { name: 'Spring Post-Assessment' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lessons' })).toBeNull();

    delete backend.behaviour['POST /functions/getStudentPathway'];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Lessons' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Spring Post-Assessment' })).toBeNull();
  });

  it('tries a transient failure once more before showing it', async () => {
    backend.behaviour['POST /functions/getStudentPathway'] = {
      fail: { status: 'UNAVAILABLE', message: 'Busy' },
      once: true,
    };
    await renderHub('stu-ana');
    expect(await screen.findByRole('region', { name: 'Lessons' }, { timeout: 4000 })).toBeTruthy();
    expect(pathwayRequests().map((request) => request.status)).toEqual([503, 200]);
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
