import type { Meta, StoryObj } from '@storybook/react-vite';
import { validStepUpToken } from '@tutoring/api/mocks/fixtures';
import { expect, userEvent, within } from 'storybook/test';
import { externalLinks } from '../../config/externalLinks';
import { screenParameters } from '../../testing/storybook/screenParameters';
import { type Canvas, firstRender } from '../../testing/storybook/screenPlay';
import { OnboardingSignInPage } from './OnboardingSignInPage';

/**
 * /auth, the onboarding sign-in screen (§2): an applicant asks for a magic link by e-mail, or
 * arrives with one (query stepupToken) and is signed in. The callables sendEmailSignInLink and
 * getCustomAuthToken are the mock server's, so their failures are the product's (§8: the error
 * code, then the message).
 */
const meta = {
  title: 'Screens/Public/Onboarding sign-in',
  component: OnboardingSignInPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof OnboardingSignInPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A callable's answer and the re-render it causes, on a busy CI machine. */
const serverAnswer = { timeout: 5000 };
const email = 'new.applicant@example.com';
/** A link's token the server does not know (used already, or expired). */
const usedStepUpToken = 'used-step-up-token-0000000000';

async function expectSignInScreen(canvas: Canvas) {
  await expect(
    await canvas.findByRole(
      'heading',
      { level: 1, name: 'Sign in to Tutor Onboarding' },
      firstRender,
    ),
  ).toBeVisible();
}

/** Types the e-mail address and presses 'Send Magic Link'. */
async function sendMagicLink(canvas: Canvas) {
  await expectSignInScreen(canvas);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Send Magic Link' }));
}

/** Until the first auth state is known (§4): the screen waits before offering anything. */
export const CheckingSession: Story = {
  name: 'Checking the session',
  parameters: screenParameters({ path: '/auth', session: 'loading' }),
  play: async ({ canvas }) => {
    await expectSignInScreen(canvas);
    await expect(canvas.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).toBeNull();
  },
};

/** The e-mail field (required, e-mail type), 'Send Magic Link', and 'Start Application'. */
export const Idle: Story = {
  parameters: screenParameters({ path: '/auth', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expectSignInScreen(canvas);
    const field = canvas.getByRole('textbox', { name: 'Email' });
    await expect(field).toBeRequired();
    await expect(field).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('button', { name: 'Send Magic Link' })).toBeEnabled();
    const apply = canvas.getByRole('link', { name: /^Start Application/ });
    await expect(apply).toHaveAttribute('href', externalLinks.volunteerTutorApplication);
    await expect(apply).toHaveAttribute('target', '_blank');
  },
};

/** While the link is being sent: the button reads 'Sending Magic Link'. */
export const Sending: Story = {
  name: 'Busy (Sending Magic Link)',
  parameters: screenParameters(
    { path: '/auth', session: 'signedOut' },
    { behaviour: { 'POST /functions/sendEmailSignInLink': { delay: 'infinite' } } },
  ),
  play: async ({ canvas }) => {
    await sendMagicLink(canvas);
    const button = await canvas.findByRole('button', { name: /Sending Magic Link/ }, serverAnswer);
    await expect(button).toHaveTextContent('Sending Magic Link');
    await expect(canvas.queryByRole('button', { name: 'Send Magic Link' })).toBeNull();
  },
};

/** The link is on its way: 'Success! Magic link sent.' naming the address. */
export const LinkSent: Story = {
  name: 'Success banner',
  parameters: screenParameters({ path: '/auth', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await sendMagicLink(canvas);
    const banner = await canvas.findByRole('status', {}, serverAnswer);
    await expect(within(banner).getByText('Success! Magic link sent.')).toBeVisible();
    await expect(banner).toHaveTextContent(email);
    await expect(canvas.getByRole('button', { name: 'Send Magic Link' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  },
};

/** The callable fails: a failure banner with the error code, then the message (§2, §8). */
export const SendFailed: Story = {
  name: 'Failure banner',
  parameters: screenParameters(
    { path: '/auth', session: 'signedOut' },
    {
      behaviour: {
        'POST /functions/sendEmailSignInLink': {
          fail: {
            status: 'RESOURCE_EXHAUSTED',
            message: 'Too many links were asked for this address. Try again in an hour.',
          },
        },
      },
    },
  ),
  play: async ({ canvas }) => {
    await sendMagicLink(canvas);
    const banner = await canvas.findByRole('alert', {}, serverAnswer);
    await expect(banner).toHaveTextContent(
      /^resource-exhausted\s*Too many links were asked for this address\. Try again in an hour\.$/,
    );
    await expect(canvas.getByRole('button', { name: 'Send Magic Link' })).toBeVisible();
  },
};

/** Arriving with a magic link: the token is exchanged (§4), 'Signing you in' meanwhile. */
export const SigningInWithLink: Story = {
  name: 'Signing in with a link',
  parameters: screenParameters(
    { path: `/auth?stepupToken=${validStepUpToken}`, session: 'signedOut' },
    { behaviour: { 'POST /functions/getCustomAuthToken': { delay: 'infinite' } } },
  ),
  play: async ({ canvas }) => {
    await expectSignInScreen(canvas);
    await expect(canvas.getByRole('progressbar', { name: 'Signing you in' })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).toBeNull();
  },
};

/** The link works: signed in, and on to the returnUrl it carries (§2). */
export const SignedInWithLink: Story = {
  name: 'Signed in with a link (to its returnUrl)',
  parameters: screenParameters({
    path: `/auth?stepupToken=${validStepUpToken}&returnUrl=%2Fonboarding%2Fsupport`,
    session: 'signedOut',
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Onboarding Support' }, firstRender),
    ).toBeVisible();
  },
};

/** A used or expired link: the server refuses it (unauthenticated), and a new one can be asked. */
export const LinkExpired: Story = {
  name: 'Used or expired link',
  parameters: screenParameters({
    path: `/auth?stepupToken=${usedStepUpToken}`,
    session: 'signedOut',
  }),
  play: async ({ canvas }) => {
    await expectSignInScreen(canvas);
    const banner = await canvas.findByRole('alert', {}, firstRender);
    await expect(banner).toHaveTextContent(
      /^unauthenticated\s*This sign-in link has expired\. Request a new one\.$/,
    );
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send Magic Link' })).toBeVisible();
  },
};

/** An applicant who is already signed in skips the screen: on to /onboarding (§2). */
export const AlreadySignedIn: Story = {
  name: 'Already signed in (sent on to /onboarding)',
  parameters: screenParameters({ path: '/auth', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Welcome, Sam!' }, firstRender),
    ).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).toBeNull();
  },
};
