import type { Meta, StoryObj } from '@storybook/react-vite';
import { scenarios, tutorMaya, weeklyAnnouncementsFull } from '@tutoring/api/mocks/fixtures';
import { expect, within } from 'storybook/test';
import { screenParameters } from '../../../testing/storybook/screenParameters';
import { AnnouncementsPage } from './announcements/AnnouncementsPage';

/**
 * The tutoring area's own pages (§2): announcements, the weekly session form and support, in the
 * tutoring layout. Maya Chen is signed in.
 */
const meta = {
  title: 'Screens/Tutoring/Pages',
  component: AnnouncementsPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AnnouncementsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (path: string, seed = {}) =>
  screenParameters(
    { path, session: 'tutor' },
    { seed: { ...scenarios.noNewWeeklyAnnouncement, ...seed } },
  );

/** /tutoring/announcements: a dated timeline of the weekly announcements, newest first. */
export const Announcements: Story = {
  parameters: page('/tutoring/announcements', {
    tutor: {
      ...tutorMaya,
      hasNewAnnouncement: false,
      weeklyAnnouncements: weeklyAnnouncementsFull,
    },
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Announcements' }),
    ).toBeVisible();
    const times = canvas
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.closest('li')?.querySelector('time')?.getAttribute('dateTime'))
      .filter((value): value is string => Boolean(value));
    await expect(times.length).toBe(weeklyAnnouncementsFull.length);
    await expect([...times].sort().reverse()).toEqual(times);
  },
};

/** /tutoring/announcements without any: 'No Announcements' (§2). */
export const NoAnnouncements: Story = {
  name: 'No announcements',
  parameters: page('/tutoring/announcements', scenarios.noWeeklyAnnouncements),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'No Announcements' }),
    ).toBeVisible();
  },
};

/** /tutoring/session-form: the external weekly session form, prefilled with the tutor. */
export const SessionForm: Story = {
  name: 'Weekly session form',
  parameters: page('/tutoring/session-form'),
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Weekly Session Form' }),
    ).toBeVisible();
    await expect(await within(canvasElement).findByTitle('Weekly session form')).toBeVisible();
    // The embed loads a stand-in in the workbench; the new-tab link names the provider's page.
    const link = canvas.getByRole('link', { name: /Open the form in a new tab/ });
    const src = new URL(link.getAttribute('href') ?? '');
    await expect(src.searchParams.get('tutorID')).toBe(tutorMaya.Tutor_ID);
  },
};

/** /tutoring/support: three groups of links, 1-on-1 Support, Resources and Match Support (§2). */
export const Support: Story = {
  parameters: page('/tutoring/support'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    for (const group of ['1-on-1 Support', 'Resources', 'Match Support']) {
      await expect(canvas.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
  },
};
