import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { cleanUpAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import { narrowColumn } from '../StudentList/StudentList.stories.css';
import { hasSessionGap, StudentRow } from './StudentRow';
import {
  studentAna,
  studentIsabella,
  studentLiam,
  studentNoah,
  studentSpanishAtTenDays,
  studentWithLongNamesAndSessionGap,
} from './StudentRow.stories.students';

const translatedNotice =
  "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.";
const notTranslatedNotice =
  "This family's language is Spanish. Messages are sent exactly as you write them.";

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
    student: studentNoah,
    pathwayHref: '/tutoring/learning-pathway/stu-noah',
    onOpenChat: fn(),
    onLaunchLearningPortal: fn(),
  },
} satisfies Meta<typeof StudentRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A student seen recently (6 days), whose family speaks English (the student Portuguese): no
 * flag, no notice; the three actions work.
 */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Noah Silva' })).toBeVisible();
    await expect(canvas.getByText('7th')).toBeVisible();
    await expect(canvas.getByText('Math')).toBeVisible();
    await expect(canvas.queryByText(/No session in/)).not.toBeInTheDocument();
    await expect(canvas.queryByText(/Spanish/)).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: "Chat with Noah's guardian" }));
    await expect(args.onOpenChat).toHaveBeenCalledWith(studentNoah);
    await expect(canvas.getByRole('link', { name: 'Learning pathway for Noah' })).toHaveAttribute(
      'href',
      '/tutoring/learning-pathway/stu-noah',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Launch learning portal for Noah' }));
    await expect(args.onLaunchLearningPortal).toHaveBeenCalledWith(studentNoah);
  },
};

/** 14 days since the last session (> 10): the 'No session in 14 days' flag. */
export const NoRecentSession: Story = {
  args: { student: studentLiam, pathwayHref: '/tutoring/learning-pathway/stu-liam' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No session in 14 days')).toBeVisible();
  },
};

/**
 * A Spanish-speaking family whose messages the server translates: the notice says both ways.
 * The last session was exactly 10 days ago, which is not flagged (the rule is "more than 10").
 */
export const SpanishAtTenDays: Story = {
  name: 'Spanish, translated',
  args: {
    student: studentSpanishAtTenDays,
    pathwayHref: '/tutoring/learning-pathway/stu-carla',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(translatedNotice)).toBeVisible();
    await expect(canvas.queryByText(/No session in/)).not.toBeInTheDocument();
    await expect(hasSessionGap(10)).toBe(false);
    await expect(hasSessionGap(11)).toBe(true);
    await expect(hasSessionGap(null)).toBe(false);
  },
};

/**
 * A Spanish-speaking family on a server that does not translate: the notice says texts go out
 * exactly as written, and promises no translation.
 */
export const SpanishNotTranslated: Story = {
  name: 'Spanish, not translated',
  args: { student: studentAna, pathwayHref: '/tutoring/learning-pathway/stu-ana' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(notTranslatedNotice)).toBeVisible();
    await expect(canvas.queryByText(/translated/)).not.toBeInTheDocument();
  },
};

/**
 * The notice comes from the server's familyLanguage alone: Isabella, a Spanish-speaking student
 * whose guardian reads English (familyLanguage null), gets none.
 */
export const SpanishStudentEnglishGuardian: Story = {
  name: 'Spanish student, English-speaking guardian',
  args: {
    student: studentIsabella,
    pathwayHref: '/tutoring/learning-pathway/stu-isabella',
  },
  play: async ({ canvas }) => {
    await expect(studentIsabella.familyLanguage).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Isabella Moreno-Whitaker' })).toBeVisible();
    await expect(canvas.queryByText(/Spanish/)).not.toBeInTheDocument();
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
    student: studentWithLongNamesAndSessionGap,
    pathwayHref: '/tutoring/learning-pathway/stu-maximiliana',
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
    await expect(canvas.getByText(translatedNotice)).toBeVisible();
  },
};

/** The family opted out of texts (issue 35): the card says so, with the date and the word. */
export const FamilyOptedOut: Story = {
  name: 'Family opted out of texts',
  args: {
    student: {
      ...studentNoah,
      textOptOut: { optedOutAt: '2026-11-19T15:12:00.000Z', reason: 'replied', keyword: 'Stop' },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('This family has opted out of texts (replied STOP on November 19, 2026)'),
    ).toBeVisible();
  },
};

/** A text was refused because the family had opted out. */
export const FamilyRefusedAsOptedOut: Story = {
  name: 'Family opted out (text refused)',
  parameters: { column: 'narrow' },
  args: {
    student: {
      ...studentNoah,
      textOptOut: { optedOutAt: '2026-11-20T16:05:00.000Z', reason: 'refused' },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/a text was refused on November 20, 2026/)).toBeVisible();
  },
};
