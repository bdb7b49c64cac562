import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnPathState } from '../auth/returnPath';
import { createMockBackend, type MockBackend } from '../testing/mockBackend';
import { prerenderedPages } from './prerenderedPages';
import { StandaloneSignInPage } from './StandaloneSignInPage';

let backend: MockBackend;
const linkRequestData = () =>
  backend.requestsTo('POST /functions/sendEmailSignInLink').map((request) => request.body);

const authPage = prerenderedPages.find((page) => page.name === 'auth');

async function renderAt(search: string) {
  await act(async () => {
    render(
      <StandaloneSignInPage
        address={{ search, origin: window.location.origin, guardOrigin: undefined }}
      />,
    );
  });
}

async function sendLink() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
  });
}

describe('StandaloneSignInPage (/auth without the app)', () => {
  beforeEach(() => {
    backend = createMockBackend();
    // The plain request goes to the global fetch: the mock server answers.
    vi.stubGlobal('fetch', backend.fetch);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('is prerendered as the form, signed out, with an empty e-mail field', () => {
    const html = renderToString(<StandaloneSignInPage />);
    expect(html).toContain('Sign in to Tutor Onboarding');
    expect(html).toContain('Send Magic Link');
    expect(html).toContain('Start Application');
    expect(html).not.toContain('Checking your sign-in');
  });

  it('sends the magic link with a plain POST and shows the success banner', async () => {
    await renderAt('?email=sam.rivera%40example.com&returnUrl=%2Fonboarding%2Fwaiver');
    await sendLink();
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('Success! Magic link sent.')).toBeTruthy();
    expect(linkRequestData()).toEqual([
      { data: { email: 'sam.rivera@example.com', returnUrl: '/onboarding/waiver' } },
    ]);
  });

  it('shows a failure as code, then message', async () => {
    backend.behaviour['POST /functions/sendEmailSignInLink'] = {
      fail: { status: 'RESOURCE_EXHAUSTED', message: 'Try again in 40 minutes.' },
    };
    await renderAt('?email=sam.rivera%40example.com');
    await sendLink();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'resource-exhaustedTry again in 40 minutes.',
    );
  });

  it("asks for the link to lead back to a guard's origin kept in the history entry", async () => {
    window.history.replaceState(
      { usr: returnPathState({ pathname: '/onboarding/training', search: '' }) },
      '',
      '/auth',
    );
    const { currentSignInAddress } = await import('./StandaloneSignInPage');
    const address = currentSignInAddress();
    expect(address.guardOrigin).toEqual({ pathname: '/onboarding/training', search: '' });
    await act(async () => {
      render(
        <StandaloneSignInPage address={{ ...address, search: '?email=casey%40example.com' }} />,
      );
    });
    await sendLink();
    await waitFor(() =>
      expect(linkRequestData()).toEqual([
        { data: { email: 'casey@example.com', returnUrl: '/onboarding/training' } },
      ]),
    );
  });
});

describe("the prerendered /auth's choice (src/app/prerenderedPages.tsx)", () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('stays standalone without a token or a stored session', () => {
    window.history.replaceState(null, '', '/auth?email=a%40example.com&returnUrl=%2Fonboarding');
    expect(authPage?.needsApp?.()).toBe(false);
  });

  it('takes the app for a link token (stepupToken, or token of /signin.html links)', () => {
    window.history.replaceState(null, '', '/auth?stepupToken=abc');
    expect(authPage?.needsApp?.()).toBe(true);
    window.history.replaceState(null, '', '/auth/?token=abc');
    expect(authPage?.needsApp?.()).toBe(true);
  });

  it('takes the app when a session may exist (a stored key)', () => {
    window.history.replaceState(null, '', '/auth');
    localStorage.setItem('magicUserId', 'applicant-1');
    expect(authPage?.needsApp?.()).toBe(true);
  });

  it('hydrates the prerendered form, or renders afresh when the query fills the e-mail', async () => {
    window.history.replaceState(null, '', '/auth');
    expect((await authPage?.load())?.takeover).toBe('hydrate');
    window.history.replaceState(null, '', '/auth?email=a%40example.com');
    expect((await authPage?.load())?.takeover).toBe('render');
  });
});
