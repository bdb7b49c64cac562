import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../lib/services/sessionState';
import { RequireMagicSession } from './RequireMagicSession';
import { readReturnPath } from './returnPath';

const auth = vi.hoisted(() => ({ state: { status: 'loading' } as AuthState }));
vi.mock('./useAuthState', () => ({ useAuthState: () => auth.state }));

function SignInProbe() {
  const location = useLocation();
  const from = readReturnPath(location.state);
  return <p>Onboarding sign-in, back to {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: RequireMagicSession,
        children: [{ path: '/onboarding/*', element: <p>Onboarding area</p> }],
      },
      { path: '/auth', Component: SignInProbe },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

const samSession = {
  status: 'magic',
  user: { uid: 'applicant-sam', email: null, displayName: null },
  idToken: 'magic-token',
  applicantEmail: 'sam.rivera@example.com',
  restored: false,
} as const;

describe('RequireMagicSession', () => {
  afterEach(cleanup);

  it('waits, showing progress, while the first auth state is unknown', async () => {
    auth.state = { status: 'loading' };
    const router = await renderAt('/onboarding');
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.queryByText('Onboarding area')).toBeNull();
  });

  it('sends a signed-out visitor to /auth, remembering path plus query', async () => {
    auth.state = { status: 'signedOut' };
    const router = await renderAt('/onboarding/waiver?step=2');
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText('Onboarding sign-in, back to /onboarding/waiver?step=2')).toBeTruthy();
    // Replaced, so Back does not bounce into the guard again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("sends a tutor's Google session to /auth: it is not an applicant session", async () => {
    auth.state = {
      status: 'google',
      user: { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' },
      idToken: 'token-1',
    };
    const router = await renderAt('/onboarding');
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByText('Onboarding area')).toBeNull();
  });

  it('shows the area to an applicant with a magic session, restored ones included', async () => {
    auth.state = samSession;
    const router = await renderAt('/onboarding');
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByText('Onboarding area')).toBeTruthy();
    cleanup();
    auth.state = { ...samSession, restored: true };
    await renderAt('/onboarding/waiver');
    expect(screen.getByText('Onboarding area')).toBeTruthy();
  });
});
