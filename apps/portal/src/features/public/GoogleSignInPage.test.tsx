import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnPathState } from '../../auth/returnPath';
import type { AuthState } from '../../lib/services/sessionState';
import { createTestServices, withServices } from '../../testing/testServices';
import { GoogleSignInPage } from './GoogleSignInPage';

const auth = vi.hoisted(() => ({
  state: { status: 'signedOut' } as AuthState,
  signInWithGoogle: vi.fn<() => Promise<void>>(),
}));

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

async function renderSignIn(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/auth/google', Component: GoogleSignInPage },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: '/auth/google', state }] },
  );
  await act(async () => {
    render(
      withServices(
        createTestServices({
          auth: () => auth.state,
          session: { signInWithGoogle: auth.signInWithGoogle },
        }),
        <RouterProvider router={router} />,
      ),
    );
  });
  const at = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, at };
}

describe('GoogleSignInPage (auth/google)', () => {
  beforeEach(() => {
    auth.state = { status: 'signedOut' };
    auth.signInWithGoogle.mockReset();
  });
  afterEach(cleanup);

  it('starts the popup sign-in at once, then goes to /tutoring by default', async () => {
    auth.signInWithGoogle.mockResolvedValue(undefined);
    const { at } = await renderSignIn();
    expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(at()).toBe('/tutoring');
  });

  it("goes back to the originating page (state 'from') with its query", async () => {
    auth.signInWithGoogle.mockResolvedValue(undefined);
    const { at } = await renderSignIn(
      returnPathState({ pathname: '/tutoring', search: '?student=42' }),
    );
    expect(at()).toBe('/tutoring?student=42');
  });

  it('goes to / when the sign-in fails', async () => {
    auth.signInWithGoogle.mockRejectedValue(firebaseError('auth/popup-closed-by-user'));
    const { at } = await renderSignIn();
    expect(at()).toBe('/');
  });

  it('offers a button when the browser blocks the automatic popup, and signs in on press', async () => {
    auth.signInWithGoogle.mockRejectedValueOnce(firebaseError('auth/popup-blocked'));
    const { at } = await renderSignIn(returnPathState({ pathname: '/tutoring', search: '' }));
    expect(at()).toBe('/auth/google');
    expect(screen.getByRole('status').textContent).toContain(
      'Your browser blocked the sign-in window.',
    );
    auth.signInWithGoogle.mockResolvedValueOnce(undefined);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    });
    expect(auth.signInWithGoogle).toHaveBeenCalledTimes(2);
    expect(at()).toBe('/tutoring');
  });

  it('skips the popup for a visitor who already has a Google session', async () => {
    auth.state = {
      status: 'google',
      user: { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' },
      idToken: 'token-1',
    };
    const { at } = await renderSignIn();
    expect(auth.signInWithGoogle).not.toHaveBeenCalled();
    expect(at()).toBe('/tutoring');
  });

  it('waits for the first auth state before deciding', async () => {
    auth.state = { status: 'loading' };
    const { at } = await renderSignIn();
    expect(auth.signInWithGoogle).not.toHaveBeenCalled();
    expect(at()).toBe('/auth/google');
    expect(screen.getByRole('progressbar', { name: 'Loading sign in with popup' })).toBeTruthy();
  });
});
