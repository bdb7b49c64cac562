import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { validStepUpToken } from '@tutoring/api/mocks/fixtures';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnPathState } from '../../auth/returnPath';
import { externalLinks } from '../../config/externalLinks';
import type { AuthState } from '../../lib/services/sessionState';
import { createMockBackend, type MockBackend } from '../../testing/mockBackend';
import { callablesSent, createTestServices, withServices } from '../../testing/testServices';
import { OnboardingSignInPage } from './OnboardingSignInPage';

const auth = vi.hoisted(() => ({
  state: { status: 'signedOut' } as AuthState,
}));

/**
 * The mock server: sendEmailSignInLink sends to any well-formed e-mail; the test session's magic
 * sign-in exchanges the link's token through getCustomAuthToken, which accepts the fixtures'
 * validStepUpToken and answers any other 'unauthenticated'.
 */
let backend: MockBackend;
const linkRequests = () => backend.requestsTo('POST /functions/sendEmailSignInLink');
const linkRequestData = () => linkRequests().map((request) => request.body);
const tokenExchanges = () => backend.requestsTo('POST /functions/getCustomAuthToken');
/** A token of a sign-in link the server does not accept (already used, or expired). */
const refusedToken = 'step-up-0123456789';

const samSession: AuthState = {
  status: 'magic',
  user: { uid: 'applicant-sam', email: null, displayName: null },
  idToken: 'magic-token',
  applicantEmail: 'sam.rivera@example.com',
  restored: false,
};

async function renderAt(path: string, state?: unknown, { strict = false } = {}) {
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(
    [
      { path: '/auth', Component: OnboardingSignInPage },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: url.pathname, search: url.search, state }] },
  );
  const services = createTestServices({ auth: () => auth.state, backend });
  const tree = withServices(services, <RouterProvider router={router} />);
  await act(async () => {
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  });
  const at = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, at, services };
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
    backend = createMockBackend();
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

  it('says the link is on its way after a hand-off the server e-mailed it for (linkSent=1)', async () => {
    await renderAt('/auth?email=sam.rivera%40example.com&linkSent=1');
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('Success! Magic link sent.')).toBeTruthy();
    expect(banner.textContent).toContain('sam.rivera@example.com');
    expect(emailField().value).toBe('sam.rivera@example.com');
    // Nothing was asked of the server: the hand-off sent the link.
    expect(backend.db.sentSignInLinks).toEqual([]);
  });

  it("sends the magic link, reading 'Sending Magic Link' while busy, then shows the success banner", async () => {
    backend.hold('POST /functions/sendEmailSignInLink');
    await renderAt('/auth');
    await typeEmail('sam.rivera@example.com');
    await pressSend();
    await waitFor(() =>
      expect(linkRequestData()).toEqual([{ data: { email: 'sam.rivera@example.com' } }]),
    );
    expect(screen.getByRole('button', { name: /Sending Magic Link/ }).textContent).toContain(
      'Sending Magic Link',
    );
    expect(screen.queryByRole('button', { name: 'Send Magic Link' })).toBeNull();
    await act(async () => {
      backend.release('POST /functions/sendEmailSignInLink');
    });
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('Success! Magic link sent.')).toBeTruthy();
    expect(banner.textContent).toContain('sam.rivera@example.com');
    expect(backend.db.sentSignInLinks).toEqual([{ email: 'sam.rivera@example.com' }]);
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
    // Nothing typed is lost.
    expect(emailField().value).toBe('sam.rivera@example.com');
  });

  it('asks for the link to lead to returnUrl, or to the page the guard stopped', async () => {
    await renderAt('/auth?email=sam.rivera%40example.com&returnUrl=%2Fonboarding%2Ftraining');
    await pressSend();
    await waitFor(() =>
      expect(linkRequestData().at(-1)).toEqual({
        data: { email: 'sam.rivera@example.com', returnUrl: '/onboarding/training' },
      }),
    );
    cleanup();
    await renderAt(
      '/auth?email=sam.rivera%40example.com',
      returnPathState({ pathname: '/onboarding/waiver', search: '?step=2' }),
    );
    await pressSend();
    await waitFor(() =>
      expect(linkRequestData().at(-1)).toEqual({
        data: { email: 'sam.rivera@example.com', returnUrl: '/onboarding/waiver?step=2' },
      }),
    );
  });

  it('never passes on a returnUrl of another site', async () => {
    await renderAt(
      '/auth?email=sam.rivera%40example.com&returnUrl=https%3A%2F%2Fevil.example.com%2F',
    );
    await pressSend();
    await waitFor(() =>
      expect(linkRequestData()).toEqual([{ data: { email: 'sam.rivera@example.com' } }]),
    );
  });

  it('shows a failure banner with the error code, then the message', async () => {
    backend.behaviour['POST /functions/sendEmailSignInLink'] = {
      fail: {
        status: 'RESOURCE_EXHAUSTED',
        message: 'Too many sign-in links were requested. Try again in 40 minutes.',
      },
    };
    await renderAt('/auth?email=sam.rivera%40example.com');
    await pressSend();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'resource-exhaustedToo many sign-in links were requested. Try again in 40 minutes.',
    );
    expect(screen.queryByText('Success! Magic link sent.')).toBeNull();
    expect(emailField().value).toBe('sam.rivera@example.com');
  });

  it("shows the failed request's reference under the message", async () => {
    backend.behaviour['POST /functions/sendEmailSignInLink'] = {
      fail: {
        status: 'UNAVAILABLE',
        message: 'The sign-in link could not be sent. Try again in a moment.',
        requestId: '3f9c2b7e-1a4d-4c8e-9b21-6d0f5a7c8e43',
      },
    };
    await renderAt('/auth?email=sam.rivera%40example.com');
    await pressSend();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'unavailableThe sign-in link could not be sent. Try again in a moment.Reference: 3f9c2b7e-1a4d-4c8e-9b21-6d0f5a7c8e43',
    );
  });

  it('sends nothing while the e-mail is missing (browser validation)', async () => {
    const { services } = await renderAt('/auth');
    await pressSend();
    await act(() => callablesSent(services));
    expect(linkRequests()).toEqual([]);
    await typeEmail('not an e-mail');
    await pressSend();
    await act(() => callablesSent(services));
    expect(linkRequests()).toEqual([]);
  });

  it('signs in with the stepupToken of the link, then goes to /onboarding', async () => {
    backend.hold('POST /functions/getCustomAuthToken');
    const { at } = await renderAt(
      `/auth?email=sam.rivera%40example.com&stepupToken=${validStepUpToken}`,
    );
    await waitFor(() =>
      expect(tokenExchanges().map((request) => request.body)).toEqual([
        { data: { stepUpToken: validStepUpToken } },
      ]),
    );
    expect(screen.getByRole('progressbar', { name: 'Signing you in' })).toBeTruthy();
    await act(async () => {
      backend.release('POST /functions/getCustomAuthToken');
    });
    await waitFor(() => expect(at()).toBe('/onboarding'));
  });

  it('goes to returnUrl after signing in, when it is a path of this site', async () => {
    const { at } = await renderAt(
      `/auth?stepupToken=${validStepUpToken}&returnUrl=%2Fonboarding%2Fwaiver%3Fstep%3D2`,
    );
    await waitFor(() => expect(at()).toBe('/onboarding/waiver?step=2'));
  });

  it('goes to /onboarding instead of a returnUrl of another site (no open redirect)', async () => {
    const { at } = await renderAt(
      `/auth?stepupToken=${validStepUpToken}&returnUrl=%2F%2Fevil.example.com%2Fonboarding`,
    );
    await waitFor(() => expect(at()).toBe('/onboarding'));
    expect(tokenExchanges()).toHaveLength(1);
  });

  it('accepts the token query of /signin.html links at /auth/', async () => {
    const { at } = await renderAt(`/auth/?token=${validStepUpToken}`);
    await waitFor(() => expect(at()).toBe('/onboarding'));
    expect(tokenExchanges().map((request) => request.body)).toEqual([
      { data: { stepUpToken: validStepUpToken } },
    ]);
  });

  it('shows a used link as code then message, drops the token from the address and keeps the e-mail', async () => {
    const { at } = await renderAt(
      `/auth?email=sam.rivera%40example.com&stepupToken=${refusedToken}&returnUrl=%2Fonboarding%2Fwaiver`,
    );
    // The mock server's words for a token it does not accept.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'unauthenticatedThis sign-in link has expired. Request a new one.',
    );
    expect(at()).toBe('/auth?email=sam.rivera%40example.com&returnUrl=%2Fonboarding%2Fwaiver');
    expect(emailField().value).toBe('sam.rivera@example.com');
    // A new link asked for from here leads to the same place.
    await pressSend();
    await waitFor(() =>
      expect(linkRequestData()).toEqual([
        { data: { email: 'sam.rivera@example.com', returnUrl: '/onboarding/waiver' } },
      ]),
    );
  });

  it('refuses a token too short to be one without asking the server', async () => {
    const { services } = await renderAt('/auth?stepupToken=garbage');
    await act(() => callablesSent(services));
    expect(tokenExchanges()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(
      'invalid-argumentThis sign-in link is not valid. Request a new one.',
    );
  });

  it('exchanges the token once, also under StrictMode', async () => {
    const { at, services } = await renderAt(`/auth?stepupToken=${validStepUpToken}`, undefined, {
      strict: true,
    });
    await waitFor(() => expect(at()).toBe('/onboarding'));
    await act(() => callablesSent(services));
    expect(tokenExchanges()).toHaveLength(1);
  });

  it('sends an applicant who is already signed in to /onboarding', async () => {
    auth.state = samSession;
    const { at } = await renderAt('/auth');
    expect(at()).toBe('/onboarding');
  });

  it('offers the onboarding area to a signed-in applicant whose link failed', async () => {
    auth.state = samSession;
    const { at } = await renderAt(`/auth?stepupToken=${refusedToken}`);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(at()).toBe('/auth');
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
