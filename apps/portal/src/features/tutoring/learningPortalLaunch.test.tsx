import { act, renderHook } from '@testing-library/react';
import { studentAna, tutorMaya } from '@tutoring/api/mocks/fixtures';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend, type MockBackend } from '../../testing/mockBackend';
import { callablesSent, createTestServices, withServices } from '../../testing/testServices';
import { learningPortalLoginUrl, useLearningPortalLaunch } from './learningPortalLaunch';

/** Maya Chen's students (the default db): the launch callable answers for them. */
let backend: MockBackend;
const launches = () => backend.requestsTo('POST /functions/launchLearningPortalForStudent');

const wrapper = ({ children }: { children: ReactNode }) =>
  withServices(createTestServices({ backend }), children);

const loginPage = 'https://learning.tutoring.example.org/login';
const launchUrl = 'https://learning.example.org/launch?student=S-1042&signature=abc';
/** What the mock server's launchLearningPortalForStudent answers for Ana. */
const anasLaunchUrl = 'https://learn.example.org/session/stu-ana?sso=demo';

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
  beforeEach(() => {
    backend = createMockBackend();
  });

  it('opens the tab during the press, before the callable answers, then sends it to the login page', async () => {
    backend.hold('POST /functions/launchLearningPortalForStudent');
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

    await vi.waitFor(() => expect(launches()).toHaveLength(1));
    expect(tab.location.href).toBe('about:blank');

    backend.release('POST /functions/launchLearningPortalForStudent');
    await act(() => vi.waitFor(() => expect(tab.location.href).not.toBe('about:blank')));
    expect(launches().map((request) => request.body)).toEqual([
      { data: { studentId: studentAna.id } },
    ]);
    expect(tab.location.href).toBe(
      learningPortalLoginUrl(loginPage, anasLaunchUrl, studentAna, tutorMaya),
    );
    expect(result.current.launchingIds.size).toBe(0);
    expect(result.current.failure).toBeNull();
  });

  it("closes the tab and keeps a visible failure, with the request's reference, when the callable fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend.behaviour['POST /functions/launchLearningPortalForStudent'] = {
      fail: {
        status: 'UNAVAILABLE',
        message: 'The learning portal is not configured.',
        requestId: 'req-31c0ffee',
      },
    };
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
      reference: 'req-31c0ffee',
    });
    expect(result.current.launchingIds.size).toBe(0);
  });

  it('says so, without calling the callable, when the browser blocks the tab', async () => {
    const { result } = renderHook(() => useLearningPortalLaunch(tutorMaya, loginPage, () => null), {
      wrapper,
    });
    act(() => result.current.launch(studentAna));
    expect(result.current.failure?.message).toMatch(/blocked the new tab/);
    await act(() => callablesSent(createTestServices({ backend })));
    expect(launches()).toEqual([]);
  });
});
