import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { cleanUpAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import { studentAna, studentBen, studentCarla } from '../StudentList/StudentList.fixtures';
import { narrowColumn } from '../StudentList/StudentList.stories.css';
import { hasSessionGap, StudentRow, speaksSpanish } from './StudentRow';

const meta = {
  title: 'Components/Tutoring/StudentRow',
  component: StudentRow,
  tags: ['autodocs'],
  // Pending buttons leave react-aria announcements behind; see cleanUpAnnouncements.
  beforeEach: cleanUpAnnouncements,
  decorators: [
    // `parameters.column: 'narrow'` puts the list in a 300 px column.
    (Story, { parameters }) => {
      const list = (
        <ul>
          <Story />
        </ul>
      );
      return parameters.column === 'narrow' ? <div className={narrowColumn}>{list}</div> : list;
    },
  ],
  args: {
    student: studentAna,
    pathwayHref: '/tutoring/learning-pathway/rec-ana',
    onOpenChat: fn(),
    onLaunchLearningPortal: fn(),
  },
} satisfies Meta<typeof StudentRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student seen recently: no flag, no notice; the three actions work. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Ana Lopez' })).toBeVisible();
    await expect(canvas.getByText('4th')).toBeVisible();
    await expect(canvas.getByText('Math, Reading')).toBeVisible();
    await expect(canvas.queryByText(/No session in/)).not.toBeInTheDocument();
    await expect(canvas.queryByText(/Spanish/)).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: "Chat with Ana's guardian" }));
    await expect(args.onOpenChat).toHaveBeenCalledWith(studentAna);
    await expect(canvas.getByRole('link', { name: 'Learning pathway for Ana' })).toHaveAttribute(
      'href',
      '/tutoring/learning-pathway/rec-ana',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Launch learning portal for Ana' }));
    await expect(args.onLaunchLearningPortal).toHaveBeenCalledWith(studentAna);
  },
};

/** lastSession 14 (> 10): the 'No session in 14 days' flag. */
export const NoRecentSession: Story = {
  args: { student: studentBen, pathwayHref: '/tutoring/learning-pathway/rec-ben' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No session in 14 days')).toBeVisible();
  },
};

/**
 * Spanish Language: the translation notice. lastSession is exactly 10, which is not flagged
 * (the rule is "more than 10").
 */
export const SpanishAtTenDays: Story = {
  args: { student: studentCarla, pathwayHref: '/tutoring/learning-pathway/rec-carla' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/language is Spanish/)).toBeVisible();
    await expect(canvas.queryByText(/No session in/)).not.toBeInTheDocument();
    await expect(hasSessionGap(10)).toBe(false);
    await expect(hasSessionGap(11)).toBe(true);
    await expect(hasSessionGap(null)).toBe(false);
    // Either field triggers the notice; letter case and spaces do not matter.
    await expect(speaksSpanish({ Language: 'English', Student_Language: ' spanish ' })).toBe(true);
    await expect(speaksSpanish({ Language: 'Spanish', Student_Language: 'English' })).toBe(true);
    await expect(speaksSpanish({ Language: 'English', Student_Language: null })).toBe(false);
  },
};

/** Launching: 'Launching...' with a spinner; presses are ignored until it ends. */
export const LaunchPending: Story = {
  args: { isLaunching: true },
  play: async ({ canvas, args }) => {
    const launch = canvas.getByRole('button', { name: /Launching\.\.\./ });
    await expect(launch).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(launch);
    await expect(args.onLaunchLearningPortal).not.toHaveBeenCalled();
  },
};

/**
 * Long names, subjects and guardian, Spanish, not seen for 21 days, in a 300 px column: every
 * line wraps at word boundaries inside the card, the actions go under the details.
 */
export const LongNamesInNarrowColumn: Story = {
  args: {
    student: {
      ...studentCarla,
      First_Name: 'Maximiliana',
      Last_Name: 'Featherstonehaugh-Worthington',
      Subject_s_: ['Mathematics (Algebra I)', 'English Language Arts', 'Earth Science'],
      lastSession: 21,
      Guardian_First_Name: 'Guadalupe',
      Guardian_Last_Name: 'Featherstonehaugh-Worthington',
    },
  },
  parameters: { column: 'narrow' },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', {
      level: 3,
      name: 'Maximiliana Featherstonehaugh-Worthington',
    });
    const actions = canvas.getByRole('button', { name: /^Chat/ }).parentElement as HTMLElement;
    const details = heading.parentElement as HTMLElement;
    await expect(actions.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      details.getBoundingClientRect().bottom,
    );
    await expect(canvas.getByText('No session in 21 days')).toBeVisible();
    await expect(canvas.getByText(/language is Spanish/)).toBeVisible();
  },
};
