import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../lib/services/sessionState';
import { RequireGoogleSession } from './RequireGoogleSession';
import { readReturnPath } from './returnPath';

const auth = vi.hoisted(() => ({ state: { status: 'loading' } as AuthState }));
vi.mock('./useAuthState', () => ({ useAuthState: () => auth.state }));

function SignInProbe() {
  const location = useLocation();
  const from = readReturnPath(location.state);
  return <p>Sign-in page, back to {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: RequireGoogleSession,
        children: [{ path: '/tutoring', element: <p>Tutoring dashboard</p> }],
      },
      { path: '/auth/google', Component: SignInProbe },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

describe('RequireGoogleSession', () => {
  afterEach(cleanup);

  it('waits, showing progress, while the first auth state is unknown', async () => {
    auth.state = { status: 'loading' };
    const router = await renderAt('/tutoring');
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tutoring');
    expect(screen.queryByText('Tutoring dashboard')).toBeNull();
  });

  it('sends a signed-out visitor to /auth/google, remembering path plus query', async () => {
    auth.state = { status: 'signedOut' };
    const router = await renderAt('/tutoring?student=42');
    expect(router.state.location.pathname).toBe('/auth/google');
    expect(screen.getByText('Sign-in page, back to /tutoring?student=42')).toBeTruthy();
    // Replaced, so Back does not bounce into the guard again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("sends an applicant's magic session to /auth/google: it is not a tutor session", async () => {
    auth.state = {
      status: 'magic',
      user: { uid: 'applicant-sam', email: null, displayName: null },
      idToken: 'magic-token',
      applicantEmail: 'sam.rivera@example.com',
      restored: false,
    };
    const router = await renderAt('/tutoring');
    expect(router.state.location.pathname).toBe('/auth/google');
    expect(screen.queryByText('Tutoring dashboard')).toBeNull();
  });

  it('shows the area to a tutor with a Google session', async () => {
    auth.state = {
      status: 'google',
      user: { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' },
      idToken: 'token-1',
    };
    const router = await renderAt('/tutoring');
    expect(router.state.location.pathname).toBe('/tutoring');
    expect(screen.getByText('Tutoring dashboard')).toBeTruthy();
  });
});
