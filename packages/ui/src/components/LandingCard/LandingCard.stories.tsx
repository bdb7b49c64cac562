import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LandingCard } from './LandingCard';

// Example links for the stories only: the portal passes the real links from its config.
const studentPortalHref = 'https://students.example.org/';
const tutorPortalHref = '/tutoring';
const volunteerApplicationHref = 'https://www.example.org/volunteer/apply';
const studentApplicationHref = 'https://www.example.org/students/apply';

const meta = {
  title: 'Components/Base/LandingCard',
  component: LandingCard,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LandingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The student card: an external call to action, no further links. */
export const ExternalAction: Story = {
  args: {
    id: 'students',
    title: 'Are you a student?',
    description: 'Sign in with your tutoring code to reach the student portal.',
    action: { label: 'Go to the Student Portal', href: studentPortalHref, external: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Are you a student?' })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Are you a student?' }),
    ).toBeVisible();
    const action = canvas.getByRole('link', { name: /^Go to the Student Portal/ });
    await expect(action).toHaveAttribute('href', studentPortalHref);
    await expect(action).toHaveAttribute('target', '_blank');
    await expect(action).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(action).toHaveAccessibleName('Go to the Student Portal (opens in a new tab)');
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The tutor card: an in-app call to action and two further (external) links. */
export const InternalActionWithMoreLinks: Story = {
  args: {
    id: 'tutors',
    title: 'Already a tutor?',
    description: 'Sign in with your organisation e-mail to open the Tutor Portal.',
    action: { label: 'Go to the Tutor Portal', href: tutorPortalHref },
    moreLinksTitle: 'Not a tutor yet?',
    moreLinks: [
      { label: 'Volunteer tutor application', href: volunteerApplicationHref, external: true },
      { label: 'Student application', href: studentApplicationHref, external: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const action = canvas.getByRole('link', { name: 'Go to the Tutor Portal' });
    await expect(action).toHaveAttribute('href', tutorPortalHref);
    await expect(action).not.toHaveAttribute('target');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Not a tutor yet?' })).toBeVisible();
    const moreLinks = within(canvas.getByRole('list')).getAllByRole('link');
    await expect(moreLinks).toHaveLength(2);
    await expect(moreLinks[0]).toHaveAccessibleName(
      'Volunteer tutor application (opens in a new tab)',
    );
    await expect(moreLinks[0]).toHaveAttribute('href', volunteerApplicationHref);
    await expect(moreLinks[1]).toHaveAccessibleName('Student application (opens in a new tab)');
    await expect(moreLinks[1]).toHaveAttribute('href', studentApplicationHref);
    for (const link of moreLinks) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

/** Further links without their own heading, in a card whose heading is level 3. */
export const MoreLinksWithoutTitle: Story = {
  args: {
    id: 'tutors-nested',
    title: 'Already a tutor?',
    headingLevel: 3,
    description: 'Sign in with your organisation e-mail to open the Tutor Portal.',
    action: { label: 'Go to the Tutor Portal', href: tutorPortalHref },
    moreLinks: [{ label: 'Student application', href: studentApplicationHref, external: true }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Already a tutor?' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 4 })).toBeNull();
    await expect(canvas.getByRole('link', { name: /^Student application/ })).toHaveAttribute(
      'href',
      studentApplicationHref,
    );
  },
};
