import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import { Card } from './Card';

const meta = {
  title: 'Components/Base/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Are you a student?',
    children: <p>Sign in with your tutoring code to reach the student portal.</p>,
  },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Are you a student?' });
    await expect(region.tagName).toBe('SECTION');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Are you a student?' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const WithFooterActions: Story = {
  args: {
    title: 'Already a tutor?',
    children: <p>Sign in with your organisation e-mail.</p>,
    footer: (
      <>
        <Link href="/tutoring" variant="primaryButton">
          Go to the Tutor Portal
        </Link>
        <Button variant="ghost">Learn more</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Already a tutor?' });
    await expect(region).toContainElement(
      canvas.getByRole('link', { name: 'Go to the Tutor Portal' }),
    );
    await expect(canvas.getByRole('button', { name: 'Learn more' })).toBeVisible();
  },
};

export const HeadingLevel3: Story = {
  args: { headingLevel: 3, title: 'Waiver', id: 'waiver-card' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Waiver' })).toHaveAttribute(
      'id',
      'waiver-card-heading',
    );
    await expect(canvasElement.querySelector('section#waiver-card')).toHaveAttribute(
      'aria-labelledby',
      'waiver-card-heading',
    );
  },
};

export const LongContent: Story = {
  args: {
    title: 'Residents Outside of California',
    children: (
      <>
        <p>
          Complete the online background check in three steps. Each step opens in a new tab and
          takes about ten minutes; you can stop after any step and continue later from this page.
        </p>
        <p>
          When all three are done, the onboarding team reviews the result, usually within five
          business days.
        </p>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/./, { selector: 'p' })).toHaveLength(2);
  },
};

/**
 * Runs at 639 px and 640 px (the §9 small-screen breakpoint): the padding tightens below it.
 * `parameters.testRunner.widths` replaces the default 1280/390 pair for this story.
 */
export const AtSmallBreakpoint: Story = {
  parameters: { testRunner: { widths: [639, 640] } },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Are you a student?' });
    const padding = getComputedStyle(region).paddingTop;
    await expect(padding).toBe(window.innerWidth < 640 ? '16px' : '24px');
  },
};
