import type { Meta, StoryObj } from '@storybook/react-vite';
import { existingApplicantEmail, scenarios } from '@tutoring/api/mocks/fixtures';
import { expect, userEvent, within } from 'storybook/test';
import { onboardingSupportLinks } from '../../config/onboardingLinks';
import { screenParameters } from '../../testing/storybook/screenParameters';
import { type Canvas, firstRender } from '../../testing/storybook/screenPlay';
import { NewOnboardingUserPage } from './NewOnboardingUserPage';

/**
 * /new-onboarding-user (§2), where the appointment-scheduling form sends a new applicant: it
 * creates the onboarding user from the query values (createNewOnboardingUser) and follows the
 * returned sign-in link; a failure is told by its §8 type, with a Sign In button to /auth.
 */
const meta = {
  title: 'Screens/Public/New onboarding user',
  component: NewOnboardingUserPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NewOnboardingUserPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page's URL with the four query values of §2. */
function pathWith(values: Record<string, string>): string {
  return `/new-onboarding-user?${new URLSearchParams(values)}`;
}

const newApplicant = {
  email: 'jo.nakamura@example.com',
  First_Name: 'Jo',
  Last_Name: 'Nakamura',
  phonenum: '+1 510 555 0100',
};

/** §8's texts by type. */
const failureText = {
  dupEmail: 'A tutor with this email already exists.',
  invalidSubmission:
    'The information submitted was improperly formatted. Please go back and try again.',
  other: 'Something went wrong. Please try again.',
};

/** The failure screen: the §8 text, and the Sign In button to /auth (with the e-mail, if any). */
async function expectFailure(canvas: Canvas, text: string, signInHref: string) {
  await expect(
    await canvas.findByRole(
      'heading',
      { level: 1, name: 'We could not set up your account' },
      firstRender,
    ),
  ).toBeVisible();
  await expect(canvas.getByRole('alert')).toHaveTextContent(text);
  await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', signInHref);
}

const signInWithEmail = (address: string) => `/auth?${new URLSearchParams({ email: address })}`;

/** While the account is being created. */
export const Creating: Story = {
  parameters: screenParameters(
    { path: pathWith(newApplicant), session: 'signedOut' },
    { behaviour: { 'POST /functions/createNewOnboardingUser': { delay: 'infinite' } } },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Setting up your account' },
        firstRender,
      ),
    ).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Creating your onboarding account' }),
    ).toBeVisible();
  },
};

/**
 * Created: the page follows the returned sign-in link (/auth with its token), which signs the
 * applicant in and opens onboarding; without an onboarding chat yet, that is its booking page.
 * (The mock's magic session is the db's applicant, Ben here, not the one just created.)
 */
export const Created: Story = {
  name: 'Created (signs in and opens onboarding)',
  parameters: screenParameters(
    { path: pathWith(newApplicant), session: 'signedOut' },
    { seed: scenarios.applicantWithoutInterview },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Book your onboarding chat' },
        firstRender,
      ),
    ).toBeVisible();
  },
};

/** 'dup-email': an applicant with this e-mail exists already. */
export const DuplicateEmail: Story = {
  name: "Error 'dup-email'",
  parameters: screenParameters({
    path: pathWith({ ...newApplicant, email: existingApplicantEmail }),
    session: 'signedOut',
  }),
  play: async ({ canvas }) => {
    await expectFailure(canvas, failureText.dupEmail, signInWithEmail(existingApplicantEmail));
    await expect(canvas.queryByRole('heading', { name: 'What you can do' })).toBeNull();
  },
};

/** 'invalid-submission': the server refuses a malformed phone number. */
export const MalformedPhone: Story = {
  name: "Error 'invalid-submission' (malformed phone)",
  parameters: screenParameters({
    path: pathWith({ ...newApplicant, phonenum: 'call me' }),
    session: 'signedOut',
  }),
  play: async ({ canvas }) => {
    await expectFailure(canvas, failureText.invalidSubmission, signInWithEmail(newApplicant.email));
  },
};

/** 'invalid-submission': a query value is missing, so nothing is sent. */
export const MissingValue: Story = {
  name: "Error 'invalid-submission' (a missing value)",
  parameters: screenParameters({
    path: pathWith({
      email: newApplicant.email,
      First_Name: newApplicant.First_Name,
      Last_Name: newApplicant.Last_Name,
    }),
    session: 'signedOut',
  }),
  play: async ({ canvas }) => {
    await expectFailure(canvas, failureText.invalidSubmission, signInWithEmail(newApplicant.email));
  },
};

/**
 * Any other failure (here the server fails): the §8 text with the advice to request a new link,
 * the note for active tutors, and a support contact.
 */
export const OtherError: Story = {
  name: 'Error of another type',
  parameters: screenParameters(
    { path: pathWith(newApplicant), session: 'signedOut' },
    {
      behaviour: {
        'POST /functions/createNewOnboardingUser': {
          fail: { status: 'INTERNAL', message: 'The applicant could not be saved.' },
        },
      },
    },
  ),
  play: async ({ canvas }) => {
    await expectFailure(canvas, failureText.other, signInWithEmail(newApplicant.email));
    const advice = within(canvas.getByRole('region', { name: 'What you can do' }));
    await expect(advice.getByText(/request a new sign-in link/)).toBeVisible();
    await expect(advice.getByRole('link', { name: 'Tutor Portal' })).toHaveAttribute(
      'href',
      '/tutoring',
    );
    await expect(advice.getByRole('link', { name: /Contact onboarding support/ })).toHaveAttribute(
      'href',
      onboardingSupportLinks.contactOnboardingSupport,
    );
  },
};

/** The Sign In button opens the sign-in screen with the e-mail already filled in. */
export const SignInButton: Story = {
  name: 'Sign In button (to /auth)',
  parameters: screenParameters({
    path: pathWith({ ...newApplicant, email: existingApplicantEmail }),
    session: 'signedOut',
  }),
  play: async ({ canvas }) => {
    await expectFailure(canvas, failureText.dupEmail, signInWithEmail(existingApplicantEmail));
    await userEvent.click(canvas.getByRole('link', { name: 'Sign In' }));
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Sign in to Tutor Onboarding' },
        firstRender,
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue(
      existingApplicantEmail,
    );
  },
};
