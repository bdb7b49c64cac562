import type { Meta, StoryObj } from '@storybook/react-vite';
import { scenarios, studentAna, studentLiam } from '@tutoring/api/mocks/fixtures';
import { settleAnnouncements } from '@tutoring/ui/lib/storyCleanup/liveAnnouncer';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { screenParameters } from '../../../testing/storybook/screenParameters';
import { MessengerPage } from './MessengerPage';

/**
 * The family's side of texting (issue 35) in the chat and on the dashboard: a family that replied
 * STOP (the composer is disabled with the reason), one whose text was refused as opted out, one
 * that texted HELP, and a text held for the family's quiet hours with Send now and Cancel.
 */
const meta = {
  title: 'Screens/Tutoring/Messenger/Family texts',
  component: MessengerPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof MessengerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const at = (path: string, seed = {}) =>
  screenParameters(
    { path, session: 'tutor' },
    { seed: { ...scenarios.noNewWeeklyAnnouncement, ...seed } },
  );

const optedOut = /^This family has opted out of texts \(replied STOP on November 1[89], 2026\)/;

/** Grace replied 'Stop': the chat says so, and the composer is disabled with that reason. */
export const OptedOut: Story = {
  name: 'Opted out (STOP)',
  parameters: at(`/tutoring/messenger/${studentLiam.id}`, scenarios.familyOptedOut),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Grace' });
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(optedOut);
    await expect(canvas.getByRole('button', { name: /^Send/ })).toBeDisabled();
  },
};

/** A text to Lucía was refused because the family had opted out. */
export const RefusedAsOptedOut: Story = {
  name: 'Opted out (text refused)',
  parameters: at(`/tutoring/messenger/${studentAna.id}`, scenarios.familyRefusedAsOptedOut),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Lucía' });
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(/a text was refused on November 20, 2026/);
  },
};

/** Grace texted HELP: the chat's info line says when. */
export const HelpRequested: Story = {
  name: 'HELP requested',
  parameters: at(`/tutoring/messenger/${studentLiam.id}`, scenarios.familyAskedForHelp),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/^The family texted HELP on November 20, 2026/),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Message to Grace' })).toBeEnabled();
  },
};

/** Maya's text to Lucía is held until 8:00 tomorrow: Scheduled, Send now and Cancel. */
export const Scheduled: Story = {
  name: 'Scheduled text',
  parameters: at(`/tutoring/messenger/${studentAna.id}`, scenarios.textScheduled),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/^Scheduled for 8:00\s?AM( tomorrow| on .+)?$/),
    ).toBeVisible();
    const sendNow = canvas.getByRole('button', { name: /^Send now/ });
    const cancel = canvas.getByRole('button', { name: /^Cancel scheduled text/ });
    await expect(sendNow).toBeVisible();
    await expect(cancel).toBeVisible();
  },
};

/** Send now: the held text goes at once. */
export const ScheduledSentNow: Story = {
  name: 'Scheduled text sent now',
  parameters: at(`/tutoring/messenger/${studentAna.id}`, scenarios.textScheduled),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Send now/ }));
    await waitFor(() => expect(canvas.queryByText(/^Scheduled for /)).toBeNull());
    await settleAnnouncements();
  },
};

/** Cancel from the keyboard: the text leaves the chat and comes back into the message box. */
export const ScheduledCancelled: Story = {
  name: 'Scheduled text cancelled',
  parameters: at(`/tutoring/messenger/${studentAna.id}`, scenarios.textScheduled),
  play: async ({ canvas }) => {
    const cancel = await canvas.findByRole('button', { name: /^Cancel scheduled text/ });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    const box = canvas.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message to Lucía' });
    await waitFor(() => expect(box.value).toMatch(/^Lucía, ¿podemos empezar mañana/));
    await expect(canvas.queryByText(/^Scheduled for /)).toBeNull();
    await settleAnnouncements();
  },
};

/** The dashboard: Liam's card says his family opted out of texts. */
export const DashboardCard: Story = {
  name: 'Dashboard card opted out',
  parameters: at('/tutoring', scenarios.familyOptedOut),
  play: async ({ canvas }) => {
    const card = (await canvas.findByText(optedOut)).closest('li');
    await expect(card).not.toBeNull();
    await expect(within(card as HTMLElement).getByRole('heading', { name: /^Liam/ })).toBeVisible();
  },
};
