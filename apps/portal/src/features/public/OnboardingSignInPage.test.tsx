import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../auth/authState';
import { returnPathState } from '../../auth/returnPath';
import { externalLinks } from '../../config/externalLinks';
import { createTestServices, withServices } from '../../lib/testing/testServices';
import { OnboardingSignInPage } from './OnboardingSignInPage';

const auth = vi.hoisted(() => ({
  state: { status: 'signedOut' } as AuthState,
  signInWithMagicLink: vi.fn<(stepUpToken: string) => Promise<void>>(),
  sendEmailSignInLink: vi.fn<(data: { email: string; returnUrl?: string }) => Promise<unknown>>(),
}));

const samSession: AuthState = {
  status: 'magic',
  user: { uid: 'applicant-sam', email: null, displayName: null },
  idToken: 'magic-token',
  applicantEmail: 'sam.rivera@example.com',
  restored: false,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

async function renderAt(path: string, state?: unknown, { strict = false } = {}) {
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(
    [
      { path: '/auth', Component: OnboardingSignInPage },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: url.pathname, search: url.search, state }] },
  );
  const services = createTestServices({
    auth: () => auth.state,
    callables: { sendEmailSignInLink: auth.sendEmailSignInLink },
    session: { signInWithMagicLink: auth.signInWithMagicLink },
  });
  const tree = withServices(services, <RouterProvider router={router} />);
  await act(async () => {
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  });
  const at = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, at };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;

async function typeEmail(value: string) {
  await act(async () => {
    fireEvent.change(emailField(), { target: { value } });
  });
}

async function pressSend() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
  });
}

describe('OnboardingSignInPage (/auth)', () => {
  beforeEach(() => {
    auth.state = { status: 'signedOut' };
    auth.signInWithMagicLink.mockReset();
    auth.sendEmailSignInLink.mockReset();
  });
  afterEach(cleanup);

  it('shows a required e-mail field, Send Magic Link, and Start Application for newcomers', async () => {
    await renderAt('/auth');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Sign in to Tutor Onboarding',
    );
    const field = emailField();
    expect(field.type).toBe('email');
    expect(field.required).toBe(true);
    expect(field.value).toBe('');
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
    const apply = screen.getByRole('link', { name: /^Start Application/ });
    expect(apply.getAttribute('href')).toBe(externalLinks.volunteerTutorApplication);
    expect(apply.getAttribute('target')).toBe('_blank');
  });

  it('prefills the e-mail from the query', async () => {
    await renderAt('/auth?email=sam.rivera%40example.com');
    expect(emailField().value).toBe('sam.rivera@example.com');
  });

  it("sends the magic link, reading 'Sending Magic Link' while busy, then shows the success banner", async () => {
    const sending = deferred<unknown>();
    auth.sendEmailSignInLink.mockReturnValue(sending.promise);
    await renderAt('/auth');
    await typeEmail('sam.rivera@example.com');
    await pressSend();
    expect(auth.sendEmailSignInLink).toHaveBeenCalledWith({ email: 'sam.rivera@example.com' });
    expect(screen.getByRole('button', { name: /Sending Magic Link/ }).textContent).toContain(
      'Sending Magic Link',
    );
    expect(screen.queryByRole('button', { name: 'Send Magic Link' })).toBeNull();
    await act(async () => {
      sending.resolve({ sent: true });
    });
    const banner = screen.getByRole('status');
    expect(within(banner).getByText('Success! Magic link sent.')).toBeTruthy();
    expect(banner.textContent).toContain('sam.rivera@example.com');
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
    // Nothing typed is lost.
    expect(emailField().value).toBe('sam.rivera@example.com');
  });

  it('asks for the link to lead to returnUrl, or to the page the guard stopped', async () => {
    auth.sendEmailSignInLink.mockResolvedValue({ sent: true });
    await renderAt('/auth?email=sam.rivera%40example.com&returnUrl=%2Fonboarding%2Ftraining');
    await pressSend();
    expect(auth.sendEmailSignInLink).toHaveBeenLastCalledWith({
      email: 'sam.rivera@example.com',
      returnUrl: '/onboarding/training',
    });
    cleanup();
    await renderAt(
      '/auth?email=sam.rivera%40example.com',
      returnPathState({ pathname: '/onboarding/waiver', search: '?step=2' }),
    );
    await pressSend();
    expect(auth.sendEmailSignInLink).toHaveBeenLastCalledWith({
      email: 'sam.rivera@example.com',
      returnUrl: '/onboarding/waiver?step=2',
    });
  });

  it('never passes on a returnUrl of another site', async () => {
    auth.sendEmailSignInLink.mockResolvedValue({ sent: true });
    await renderAt(
      '/auth?email=sam.rivera%40example.com&returnUrl=https%3A%2F%2Fevil.example.com%2F',
    );
    await pressSend();
    expect(auth.sendEmailSignInLink).toHaveBeenCalledWith({ email: 'sam.rivera@example.com' });
  });

  it('shows a failure banner with the error code, then the message', async () => {
    auth.sendEmailSignInLink.mockRejectedValue(
      new FirebaseError(
        'functions/resource-exhausted',
        'Too many sign-in links were requested. Try again in 40 minutes. [429]',
      ),
    );
    await renderAt('/auth?email=sam.rivera%40example.com');
    await pressSend();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'resource-exhaustedToo many sign-in links were requested. Try again in 40 minutes.',
    );
    expect(screen.queryByText('Success! Magic link sent.')).toBeNull();
    expect(emailField().value).toBe('sam.rivera@example.com');
  });

  it('sends nothing while the e-mail is missing (browser validation)', async () => {
    await renderAt('/auth');
    await pressSend();
    expect(auth.sendEmailSignInLink).not.toHaveBeenCalled();
    await typeEmail('not an e-mail');
    await pressSend();
    expect(auth.sendEmailSignInLink).not.toHaveBeenCalled();
  });

  it('signs in with the stepupToken of the link, then goes to /onboarding', async () => {
    const signingIn = deferred<void>();
    auth.signInWithMagicLink.mockReturnValue(signingIn.promise);
    const { at } = await renderAt(
      '/auth?email=sam.rivera%40example.com&stepupToken=step-up-0123456789',
    );
    expect(auth.signInWithMagicLink).toHaveBeenCalledWith('step-up-0123456789');
    expect(screen.getByRole('progressbar', { name: 'Signing you in' })).toBeTruthy();
    await act(async () => {
      signingIn.resolve();
    });
    expect(at()).toBe('/onboarding');
  });

  it('goes to returnUrl after signing in, when it is a path of this site', async () => {
    auth.signInWithMagicLink.mockResolvedValue(undefined);
    const { at } = await renderAt(
      '/auth?stepupToken=step-up-0123456789&returnUrl=%2Fonboarding%2Fwaiver%3Fstep%3D2',
    );
    expect(at()).toBe('/onboarding/waiver?step=2');
  });

  it('goes to /onboarding instead of a returnUrl of another site (no open redirect)', async () => {
    auth.signInWithMagicLink.mockResolvedValue(undefined);
    const { at } = await renderAt(
      '/auth?stepupToken=step-up-0123456789&returnUrl=%2F%2Fevil.example.com%2Fonboarding',
    );
    expect(at()).toBe('/onboarding');
  });

  it('accepts the token query of /signin.html links at /auth/', async () => {
    auth.signInWithMagicLink.mockResolvedValue(undefined);
    const { at } = await renderAt('/auth/?token=older-link-token-0123');
    expect(auth.signInWithMagicLink).toHaveBeenCalledWith('older-link-token-0123');
    expect(at()).toBe('/onboarding');
  });

  it('shows a used link as code then message, drops the token from the address and keeps the e-mail', async () => {
    auth.signInWithMagicLink.mockRejectedValue(
      new FirebaseError(
        'functions/unauthenticated',
        'This sign-in link has already been used. Request a new one. [401]',
      ),
    );
    const { at } = await renderAt(
      '/auth?email=sam.rivera%40example.com&stepupToken=step-up-0123456789&returnUrl=%2Fonboarding%2Fwaiver',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'unauthenticatedThis sign-in link has already been used. Request a new one.',
    );
    expect(at()).toBe('/auth?email=sam.rivera%40example.com&returnUrl=%2Fonboarding%2Fwaiver');
    expect(emailField().value).toBe('sam.rivera@example.com');
    // A new link asked for from here leads to the same place.
    auth.sendEmailSignInLink.mockResolvedValue({ sent: true });
    await pressSend();
    expect(auth.sendEmailSignInLink).toHaveBeenCalledWith({
      email: 'sam.rivera@example.com',
      returnUrl: '/onboarding/waiver',
    });
  });

  it('refuses a token too short to be one without asking the server', async () => {
    await renderAt('/auth?stepupToken=garbage');
    expect(auth.signInWithMagicLink).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'invalid-argumentThis sign-in link is not valid. Request a new one.',
    );
  });

  it('exchanges the token once, also under StrictMode', async () => {
    auth.signInWithMagicLink.mockResolvedValue(undefined);
    const { at } = await renderAt('/auth?stepupToken=step-up-0123456789', undefined, {
      strict: true,
    });
    expect(auth.signInWithMagicLink).toHaveBeenCalledTimes(1);
    expect(at()).toBe('/onboarding');
  });

  it('sends an applicant who is already signed in to /onboarding', async () => {
    auth.state = samSession;
    const { at } = await renderAt('/auth');
    expect(at()).toBe('/onboarding');
  });

  it('offers the onboarding area to a signed-in applicant whose link failed', async () => {
    auth.state = samSession;
    auth.signInWithMagicLink.mockRejectedValue(
      new FirebaseError(
        'functions/unauthenticated',
        'This sign-in link has already been used. [401]',
      ),
    );
    const { at } = await renderAt('/auth?stepupToken=step-up-0123456789');
    expect(at()).toBe('/auth');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to onboarding' }).getAttribute('href')).toBe(
      '/onboarding',
    );
  });

  it("keeps a tutor's Google session on the form: it is not an applicant session", async () => {
    auth.state = {
      status: 'google',
      user: { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' },
      idToken: 'token-1',
    };
    const { at } = await renderAt('/auth');
    expect(at()).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
  });

  it('checks for a session before showing the form', async () => {
    auth.state = { status: 'loading' };
    await renderAt('/auth');
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Magic Link' })).toBeNull();
  });
});
