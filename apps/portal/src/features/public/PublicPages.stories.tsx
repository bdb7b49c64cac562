import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { externalLinks } from '../../config/externalLinks';
import { organisation } from '../../config/organisation';
import { screenParameters } from '../../testing/storybook/screenParameters';
import { LandingPage } from './LandingPage/LandingPage';

/**
 * The public pages of §2, each at its own URL in the portal's route table: nobody is signed in.
 * The landing page is the first thing students and tutors see; the error pages carry the texts of
 * §8 and the Popular pages list.
 */
const meta = {
  title: 'Screens/Public/Pages',
  component: LandingPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Popular pages (§2): the main website, /onboarding and /tutoring. */
async function expectPopularPages(canvas: ReturnType<typeof within>) {
  const popular = within(canvas.getByRole('region', { name: 'Popular pages' }));
  await expect(popular.getByRole('link', { name: /main website/i })).toHaveAttribute(
    'href',
    externalLinks.mainWebsite,
  );
  await expect(popular.getByRole('link', { name: /onboarding/i })).toHaveAttribute(
    'href',
    '/onboarding',
  );
  await expect(popular.getByRole('link', { name: /tutor/i })).toHaveAttribute('href', '/tutoring');
}

/** '/': the student card, the tutor card with both applications, Report an Issue, the footer. */
export const Landing: Story = {
  parameters: screenParameters({ path: '/', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Welcome to the Tutoring Portal' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Go to the Student Portal/ })).toHaveAttribute(
      'href',
      externalLinks.studentPortal,
    );
    await expect(canvas.getByRole('link', { name: 'Go to the Tutor Portal' })).toHaveAttribute(
      'href',
      '/tutoring',
    );
    await expect(canvas.getByRole('link', { name: /Report an Issue/ })).toBeVisible();
    const footer = within(canvas.getByRole('contentinfo'));
    // The footer's year comes from the workbench's fixed clock (2026).
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(`© 2026 ${organisation.name}`);
    await expect(
      within(footer.getByRole('navigation', { name: 'Social media' })).getAllByRole('link'),
    ).toHaveLength(3);
  },
};

/** '/home' redirects to the landing page (§2). */
export const HomeRedirect: Story = {
  name: 'Home (redirects to /)',
  parameters: screenParameters({ path: '/home', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Welcome to the Tutoring Portal' }),
    ).toBeVisible();
  },
};

/** '/credits': three supporting tools, each with a title, a description and an external link. */
export const Credits: Story = {
  parameters: screenParameters({ path: '/credits', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
    const tools = canvas.getAllByRole('listitem');
    await expect(tools).toHaveLength(3);
    for (const tool of tools) {
      await expect(within(tool).getByRole('heading')).toBeVisible();
      await expect(within(tool).getByRole('link')).toHaveAttribute('target', '_blank');
    }
  },
};

/** The 'Coming Soon!' placeholder (§2). */
export const ComingSoon: Story = {
  name: 'Coming Soon',
  parameters: screenParameters({ path: '/coming-soon', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Coming Soon!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/');
  },
};

/** Any other path: 'This page does not exist.' with the Popular pages (§2, §8). */
export const NotFound: Story = {
  name: 'Not found (404)',
  parameters: screenParameters({ path: '/no-such-page', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This page does not exist.')).toBeVisible();
    await expectPopularPages(canvas);
  },
};

/** '/error400': 'Bad Request' (§2, §8). */
export const BadRequest: Story = {
  name: 'Bad Request (400)',
  parameters: screenParameters({ path: '/error400', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Bad Request' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'Something went wrong with your request. Please check your input and try again.',
      ),
    ).toBeVisible();
    await expectPopularPages(canvas);
  },
};

/** '/error500': 'Server Error' (§2, §8). */
export const ServerError: Story = {
  name: 'Server Error (500)',
  parameters: screenParameters({ path: '/error500', session: 'signedOut' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Server Error' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Oops! Something went wrong on our end. Please try again later.'),
    ).toBeVisible();
    await expectPopularPages(canvas);
  },
};

/** '/logout' signs out: 'You have been logged out.' with 'Return to home' (§2). */
export const LoggedOut: Story = {
  name: 'Logged out',
  parameters: screenParameters({ path: '/logout', session: 'tutor' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'You have been logged out.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/');
  },
};

/** '/logout' while the sign-in service is still answering. */
export const SigningOut: Story = {
  name: 'Logging out',
  parameters: screenParameters({ path: '/logout', session: 'tutor', logOut: 'pending' }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Signing out' })).toBeVisible();
  },
};

/** '/logout' when the sign-in service cannot be reached: a retry, and the way home. */
export const LogOutFailed: Story = {
  name: 'Log out failed',
  parameters: screenParameters({ path: '/logout', session: 'tutor', logOut: 'fails' }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Signing out did not finish' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 1, name: 'Signing out did not finish' })),
    );
  },
};
