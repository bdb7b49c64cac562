import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { cleanUpAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import {
  inboxNow,
  studentLiam,
  studentNoah,
  studentSpanishAtTenDays,
  studentWithLongReply,
  studentWithOwnLastText,
  studentWithoutMessages,
  studentWithPhotoOnly,
  studentWithUndeliveredText,
  studentWithUnreadReplies,
  studentWithUntranslatedTexts,
} from '../StudentRow/StudentRow.stories.students';
import { StudentList } from './StudentList';
import { dashboardColumn, narrowColumn } from './StudentList.stories.css';

const meta = {
  title: 'Components/Tutoring/StudentList',
  component: StudentList,
  tags: ['autodocs'],
  // Pending buttons leave react-aria announcements behind; see cleanUpAnnouncements.
  beforeEach: cleanUpAnnouncements,
  args: {
    students: [studentNoah, studentLiam, studentSpanishAtTenDays],
    pathwayHref: (student) => `/tutoring/learning-pathway/${student.id}`,
    onOpenChat: fn(),
    onLaunchLearningPortal: fn(),
  },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof StudentList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three students: one flagged (14 days), one Spanish-speaking family at exactly 10 days. */
export const Students: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: 'Students' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    await expect(rows).toHaveLength(3);
    await expect(within(rows[1] as HTMLElement).getByText('No session in 14 days')).toBeVisible();
    await expect(canvas.getAllByText(/No session in/)).toHaveLength(1);
    await expect(within(rows[2] as HTMLElement).getByText(/language is Spanish/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: "Chat with Liam's guardian" }));
    await expect(args.onOpenChat).toHaveBeenCalledWith(studentLiam);
    // A card as wide as the page at 1280 px has its actions beside the details; at 390 px under.
    const { details, actions } = cardParts(rows[0] as HTMLElement);
    if (window.innerWidth >= 1280) {
      await expect(actions.left).toBeGreaterThanOrEqual(details.right);
    } else {
      await expect(actions.top).toBeGreaterThanOrEqual(details.bottom);
    }
  },
};

/** One launch in progress: only that row is pending. */
export const OneLaunching: Story = {
  args: { launchingIds: ['stu-liam'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Launching\.\.\./ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(
      canvas.getByRole('button', { name: 'Launch learning portal for Noah' }),
    ).not.toHaveAttribute('aria-disabled');
  },
};

/** No students: the empty text. */
export const Empty: Story = {
  args: { students: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have no students yet.')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

/**
 * Where each part of a card starts: the layout guard checks that the text stays readable; this
 * checks the arrangement: actions under the details (narrow card) or beside them (wide card).
 */
function cardParts(row: HTMLElement) {
  const details = within(row).getByRole('heading', { level: 3 }).parentElement as HTMLElement;
  const actions = within(row).getByRole('button', { name: /^Chat/ }).parentElement as HTMLElement;
  return { details: details.getBoundingClientRect(), actions: actions.getBoundingClientRect() };
}

/**
 * The list as wide as the dashboard's student column beside What's New at 1280 px (35rem). Each
 * card is too narrow for its details and its three actions side by side, so the actions go under
 * the details, and the Spanish notice keeps the card's full width (issue 13: it ran one or two
 * letters a line when the actions took the room).
 */
export const InDashboardColumn: Story = {
  decorators: [
    (Story) => (
      <div className={dashboardColumn}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Students' });
    const carla = canvas.getByRole('heading', { name: 'Carla Reyes' }).closest('li') as HTMLElement;
    const { details, actions } = cardParts(carla);
    await expect(actions.top).toBeGreaterThanOrEqual(details.bottom);
    await expect(details.width).toBeGreaterThan(list.getBoundingClientRect().width * 0.8);
    await expect(within(carla).getByText(/language is Spanish/)).toBeVisible();
  },
};

/** A 300 px column: the same stacked card; the actions wrap onto two rows. */
export const InNarrowColumn: Story = {
  decorators: [
    (Story) => (
      <div className={narrowColumn}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const liam = canvas.getByRole('heading', { name: 'Liam Okafor' }).closest('li') as HTMLElement;
    const { details, actions } = cardParts(liam);
    await expect(actions.top).toBeGreaterThanOrEqual(details.bottom);
    await expect(within(liam).getByText('No session in 14 days')).toBeVisible();
  },
};

const inboxStudents = [
  studentWithUndeliveredText,
  studentWithUntranslatedTexts,
  studentWithUnreadReplies,
  studentWithPhotoOnly,
  studentWithLongReply,
  studentWithOwnLastText,
  studentWithoutMessages,
];

/**
 * The inbox (issue 34): each card previews its conversation — the unread badge, the last message
 * on one line with its time, and a warning for a text that needs the tutor.
 */
export const Inbox: Story = {
  args: { students: inboxStudents, now: inboxNow },
  play: async ({ canvas }) => {
    const card = (name: string) =>
      within(canvas.getByRole('heading', { name }).closest('li') as HTMLElement);
    await expect(
      card('Carla Reyes').getByText('1 text not delivered: the carrier blocked it as spam'),
    ).toBeVisible();
    await expect(card('Ana García').getByText(/2 texts not sent/)).toBeVisible();
    await expect(card('Noah Silva').getByRole('img', { name: '2 unread messages' })).toBeVisible();
    await expect(card('Liam Okafor').getByText(/^You: See you on Thursday/)).toBeVisible();
    await expect(card('Isabella Moreno-Whitaker').getByText('Photo')).toBeVisible();
    // Every preview is one line, however long the reply.
    for (const preview of canvas.getAllByText(/Last message:/)) {
      const lineHeight = Number.parseFloat(
        getComputedStyle(preview.parentElement as Element).lineHeight,
      );
      await expect(preview.parentElement?.getBoundingClientRect().height).toBeLessThan(
        lineHeight * 1.5,
      );
    }
  },
};

const firstNames = [
  'Ava',
  'Ben',
  'Chloé',
  'Dev',
  'Elif',
  'Femi',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kai',
  'Lola',
];

/** A full list: twelve students, some with unread replies, one with a failed text. */
export const TwelveStudents: Story = {
  args: {
    now: inboxNow,
    students: firstNames.map((firstName, index) => ({
      ...studentNoah,
      id: `stu-${index}`,
      studentCode: `S-30${String(index).padStart(2, '0')}`,
      firstName,
      lastName: 'Student',
      guardianName: `${firstName}'s guardian`,
      conversation: {
        unreadCount: index % 4 === 0 ? index + 1 : 0,
        lastMessage: {
          from: index % 2 === 0 ? ('family' as const) : ('you' as const),
          text: `Message number ${index + 1} about this week's session.`,
          sentAt: `2026-03-0${1 + (index % 4)}T1${index % 10}:00:00`,
          hasPhoto: false,
        },
        attention:
          index === 5
            ? { kind: 'notDelivered' as const, count: 1, reason: 'the phone was unreachable' }
            : null,
      },
    })),
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Students' });
    await expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(12);
    await expect(canvas.getAllByRole('img', { name: /unread message/ })).toHaveLength(3);
    await expect(canvas.getByText('1 text not delivered: the phone was unreachable')).toBeVisible();
  },
};
