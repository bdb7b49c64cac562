import { act, cleanup, render, screen } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardingSupportLinks } from '../../config/onboardingLinks';
import { createTestServices, withServices } from '../../lib/testing/testServices';
import { NewOnboardingUserPage } from './NewOnboardingUserPage';

const callables = vi.hoisted(() => ({
  createNewOnboardingUser: vi.fn<(data: Record<string, string>) => Promise<unknown>>(),
}));

const jamieQuery =
  'email=jamie.new%40example.com&First_Name=Jamie&Last_Name=New&phonenum=%28555%29%20010-2000';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((resolvePromise) => {
    resolve = resolvePromise;
  });
  return { promise, resolve };
}

async function renderAt(search: string, { strict = false } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/new-onboarding-user', Component: NewOnboardingUserPage },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/new-onboarding-user${search}`] },
  );
  const tree = withServices(createTestServices({ callables }), <RouterProvider router={router} />);
  await act(async () => {
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  });
  const at = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, at };
}

describe('NewOnboardingUserPage (/new-onboarding-user)', () => {
  beforeEach(() => {
    callables.createNewOnboardingUser.mockReset();
  });
  afterEach(cleanup);

  it('creates the applicant from the query values, showing progress meanwhile', async () => {
    const creating = deferred<unknown>();
    callables.createNewOnboardingUser.mockReturnValue(creating.promise);
    const { at } = await renderAt(`?${jamieQuery}`);
    expect(callables.createNewOnboardingUser).toHaveBeenCalledWith({
      email: 'jamie.new@example.com',
      First_Name: 'Jamie',
      Last_Name: 'New',
      phonenum: '(555) 010-2000',
    });
    expect(
      screen.getByRole('progressbar', { name: 'Creating your onboarding account' }),
    ).toBeTruthy();
    await act(async () => {
      creating.resolve({
        instantSignInLink:
          '/auth?email=jamie.new%40example.com&stepupToken=abc&returnUrl=%2Fonboarding',
      });
    });
    expect(at()).toBe(
      '/auth?email=jamie.new%40example.com&stepupToken=abc&returnUrl=%2Fonboarding',
    );
  });

  it('follows only the path of an absolute sign-in link, staying on this site', async () => {
    callables.createNewOnboardingUser.mockResolvedValue({
      instantSignInLink: 'https://elsewhere.example.com/auth?stepupToken=abc',
    });
    const { at } = await renderAt(`?${jamieQuery}`);
    expect(at()).toBe('/auth?stepupToken=abc');
  });

  it('calls createNewOnboardingUser once, also under StrictMode', async () => {
    callables.createNewOnboardingUser.mockResolvedValue({
      instantSignInLink: '/auth?stepupToken=abc',
    });
    await renderAt(`?${jamieQuery}`, { strict: true });
    expect(callables.createNewOnboardingUser).toHaveBeenCalledTimes(1);
  });

  it("explains 'dup-email' with a button to sign in", async () => {
    callables.createNewOnboardingUser.mockResolvedValue({
      error: 'An applicant or tutor with this e-mail already exists.',
      type: 'dup-email',
    });
    const { at } = await renderAt(`?${jamieQuery}`);
    expect(screen.getByRole('alert').textContent).toBe('A tutor with this email already exists.');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?email=jamie.new%40example.com',
    );
    expect(screen.queryByRole('heading', { name: 'What you can do' })).toBeNull();
    expect(at()).toBe(`/new-onboarding-user?${jamieQuery}`);
  });

  it("explains 'invalid-submission', also when the server refuses the request's shape", async () => {
    callables.createNewOnboardingUser.mockResolvedValue({
      error: 'phonenum must have 7 to 15 digits.',
      type: 'invalid-submission',
    });
    await renderAt(`?${jamieQuery}`);
    const text =
      'The information submitted was improperly formatted. Please go back and try again.';
    expect(screen.getByRole('alert').textContent).toBe(text);
    cleanup();
    callables.createNewOnboardingUser.mockRejectedValue(
      new FirebaseError(
        'functions/invalid-argument',
        'body/data/email must match format "email" [400]',
      ),
    );
    await renderAt(`?${jamieQuery}`);
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('treats missing query values as an improper submission, without calling the server', async () => {
    await renderAt('?email=jamie.new%40example.com&First_Name=Jamie&Last_Name=%20%20');
    expect(callables.createNewOnboardingUser).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'The information submitted was improperly formatted. Please go back and try again.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?email=jamie.new%40example.com',
    );
    cleanup();
    await renderAt('');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it.each([
    ['another result type', async () => ({ error: 'Nope.', type: 'rate-limited' })],
    ['a result without a link', async () => ({})],
    [
      'a rejected call',
      async () => {
        throw new FirebaseError('functions/resource-exhausted', 'Too many requests. [429]');
      },
    ],
    ['a link that is not http(s)', async () => ({ instantSignInLink: 'javascript:alert(1)' })],
  ])('for %s says something went wrong, with the extra advice', async (_name, outcome) => {
    callables.createNewOnboardingUser.mockImplementation(outcome);
    await renderAt(`?${jamieQuery}`);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    const advice = screen.getByRole('region', { name: 'What you can do' });
    expect(advice.textContent).toContain('request a new sign-in link');
    expect(advice.textContent).toContain('Active tutors');
    expect(screen.getByRole('link', { name: 'Tutor Portal' }).getAttribute('href')).toBe(
      '/tutoring',
    );
    expect(
      screen.getByRole('link', { name: /^Contact onboarding support/ }).getAttribute('href'),
    ).toBe(onboardingSupportLinks.contactOnboardingSupport);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?email=jamie.new%40example.com',
    );
  });
});
