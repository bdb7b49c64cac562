import { act, renderHook } from '@testing-library/react';
import { studentAna, tutorMaya } from '@tutoring/api/mocks/fixtures';
import { FirebaseError } from 'firebase/app';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestServices, withServices } from '../../lib/testing/testServices';
import { learningPortalLoginUrl, useLearningPortalLaunch } from './learningPortalLaunch';

const wrapper = ({ children }: { children: ReactNode }) =>
  withServices(createTestServices({ callables }), children);

const callables = vi.hoisted(() => ({ launchLearningPortalForStudent: vi.fn() }));

const loginPage = 'https://learning.tutoring.example.org/login';
const launchUrl = 'https://learning.example.org/launch?student=S-1042&signature=abc';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeTab() {
  return {
    opener: {} as unknown,
    closed: false,
    location: { href: 'about:blank' },
    document: { title: '', body: { textContent: '' } },
    close: vi.fn(),
  };
}

describe('learningPortalLoginUrl (§7)', () => {
  it('carries url, name, the math-tool id, subjects, grade, tutorId and studentId', () => {
    const url = new URL(
      learningPortalLoginUrl(
        loginPage,
        launchUrl,
        { ...studentAna, Subject_s_: ['Math', ' Reading ', ''] },
        tutorMaya,
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe(loginPage);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      url: launchUrl,
      name: `Ana & ${tutorMaya.First_Name}`,
      mathToolId: 'mt-88213',
      subjects: 'Math,Reading',
      grade: '4th',
      tutorId: tutorMaya.Tutor_ID,
      studentId: 'S-1042',
    });
  });

  it('sends an empty math-tool id for a student without one', () => {
    const url = new URL(
      learningPortalLoginUrl(
        loginPage,
        launchUrl,
        { ...studentAna, Math_Tool_ID: null },
        tutorMaya,
      ),
    );
    expect(url.searchParams.get('mathToolId')).toBe('');
  });
});

describe('useLearningPortalLaunch', () => {
  afterEach(() => {
    callables.launchLearningPortalForStudent.mockReset();
  });

  it('opens the tab during the press, before the callable answers, then sends it to the login page', async () => {
    const answer = deferred<string>();
    callables.launchLearningPortalForStudent.mockReturnValue(answer.promise);
    const tab = fakeTab();
    const openTab = vi.fn(() => tab as unknown as Window);
    const { result } = renderHook(() => useLearningPortalLaunch(tutorMaya, loginPage, openTab), {
      wrapper,
    });

    act(() => result.current.launch(studentAna));
    // Synchronously within the press: popup blockers allow only that.
    expect(openTab).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('about:blank');
    expect(result.current.launchingIds.has(studentAna.id)).toBe(true);

    await act(async () => {
      answer.resolve(launchUrl);
      await answer.promise;
    });
    expect(callables.launchLearningPortalForStudent).toHaveBeenCalledWith({
      studentId: studentAna.id,
    });
    expect(tab.location.href).toBe(
      learningPortalLoginUrl(loginPage, launchUrl, studentAna, tutorMaya),
    );
    expect(result.current.launchingIds.size).toBe(0);
    expect(result.current.failure).toBeNull();
  });

  it('closes the tab and keeps a visible failure when the callable fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    callables.launchLearningPortalForStudent.mockRejectedValue(
      new FirebaseError('functions/unavailable', 'The learning portal is not configured. [503]'),
    );
    const tab = fakeTab();
    const { result } = renderHook(
      () => useLearningPortalLaunch(tutorMaya, loginPage, () => tab as unknown as Window),
      { wrapper },
    );

    await act(async () => {
      result.current.launch(studentAna);
    });
    await vi.waitFor(() => expect(result.current.failure).not.toBeNull());
    expect(tab.close).toHaveBeenCalled();
    expect(result.current.failure).toEqual({
      studentName: 'Ana',
      message: 'The learning portal is not configured.',
    });
    expect(result.current.launchingIds.size).toBe(0);
  });

  it('says so, without calling the callable, when the browser blocks the tab', () => {
    const { result } = renderHook(() => useLearningPortalLaunch(tutorMaya, loginPage, () => null), {
      wrapper,
    });
    act(() => result.current.launch(studentAna));
    expect(callables.launchLearningPortalForStudent).not.toHaveBeenCalled();
    expect(result.current.failure?.message).toMatch(/blocked the new tab/);
  });
});
