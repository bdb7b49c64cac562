import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { screenParameters } from '../../testing/storybook/screenParameters';
import { firstRender } from '../../testing/storybook/screenPlay';
import { GoogleSignInPage } from './GoogleSignInPage';

/**
 * /auth/google, the tutor sign-in redirector (§2): it opens Google's popup at once and goes on
 * when it closes. The workbench's session says how the popup ends (`googleSignIn`).
 */
const meta = {
  title: 'Screens/Public/Tutor sign-in',
  component: GoogleSignInPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof GoogleSignInPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The popup is open: 'Loading sign in with popup' (§2). */
export const LoadingSignInWithPopup: Story = {
  name: 'Loading sign in with popup',
  parameters: screenParameters({
    path: '/auth/google',
    session: 'signedOut',
    googleSignIn: 'pending',
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Sign in to the Tutor Portal' },
        firstRender,
      ),
    ).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Loading sign in with popup' }),
    ).toBeVisible();
    await expect(canvas.getByText('Loading sign in with popup')).toBeVisible();
  },
};

/** The browser blocked the popup (it did not follow a click): a button opens it again. */
export const PopupBlocked: Story = {
  name: 'Popup blocked',
  parameters: screenParameters({
    path: '/auth/google',
    session: 'signedOut',
    googleSignIn: 'blocked',
  }),
  play: async ({ canvas }) => {
    const notice = await canvas.findByRole('status', {}, firstRender);
    await expect(notice).toHaveTextContent(/^Your browser blocked the sign-in window\./);
    await expect(canvas.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};
