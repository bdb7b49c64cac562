import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockPhoneVerificationCode, scenarios, tutorMaya } from '@tutoring/api/mocks/fixtures';
import { settleAnnouncements } from '@tutoring/ui/lib/storyCleanup/liveAnnouncer';
import { expect, userEvent, waitFor, type within } from 'storybook/test';
import { screenParameters } from '../../../../testing/storybook/screenParameters';
import { NotificationSettingsPage } from './NotificationSettingsPage';

/**
 * /tutoring/settings (issue 35): how Maya hears of a family's reply waiting or a text that
 * failed (e-mail, text to her verified phone, or none), her phone's verification by a code (the
 * mock server's is always 123456), and her quiet hours in her time zone.
 */
const meta = {
  title: 'Screens/Tutoring/Settings',
  component: NotificationSettingsPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NotificationSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const settingsWith = (seed = {}, behaviour = {}) =>
  screenParameters(
    { path: '/tutoring/settings', session: 'tutor' },
    { seed: { ...scenarios.noNewWeeklyAnnouncement, ...seed }, behaviour },
  );

type Canvas = ReturnType<typeof within>;

const loaded = async (canvas: Canvas) =>
  canvas.findByRole('radiogroup', { name: 'Send notifications by' });

const enterCode = async (canvas: Canvas, code: string) => {
  const field = await canvas.findByRole('textbox', { name: 'Code from the text' });
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
};

/** The default: e-mail to Maya's address, no phone yet, quiet hours 9:00 PM to 8:00 AM. */
export const ByEmail: Story = {
  name: 'By e-mail',
  parameters: settingsWith(),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Notification settings',
    );
    await expect(canvas.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await expect(canvas.getByText(`To ${tutorMaya.email}`)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: /quiet hours/ })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Your mobile number' })).toBeVisible();
  },
};

/** Texts to Maya's verified phone, quiet hours 10:00 PM to 7:00 AM in Chicago. */
export const ByText: Story = {
  name: 'By text',
  parameters: settingsWith(scenarios.notificationsByText),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.getByRole('radio', { name: 'Text message' })).toBeChecked();
    await expect(canvas.getByText(/is verified\.$/)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Your time zone' })).toHaveValue(
      'America/Chicago',
    );
  },
};

/** No notifications and no quiet hours: the times are hidden. */
export const NoNotifications: Story = {
  name: 'No notifications',
  parameters: settingsWith(scenarios.notificationsOff),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.getByRole('radio', { name: 'None' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: /quiet hours/ })).not.toBeChecked();
    await expect(canvas.queryByRole('button', { name: /^From/ })).toBeNull();
  },
};

/** Text chosen without a verified phone: said at once, and nothing is saved. */
export const TextNeedsPhone: Story = {
  name: 'Text needs a verified phone',
  parameters: settingsWith(),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Text message' }));
    await expect(canvas.getByText(/^Texts need a verified phone/)).toBeVisible();
  },
};

/** Maya typed her number and pressed Send code: the code field waits. */
export const CodeSent: Story = {
  name: 'Phone: code sent',
  parameters: settingsWith(),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Your mobile number' }),
      '(510) 555-0188',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByRole('textbox', { name: 'Code from the text' })).toBeVisible();
    await expect(canvas.getByText('+1 (510) 555-0188')).toBeVisible();
    await settleAnnouncements();
  },
};

/** A wrong code: said under the field, which keeps it for another try. */
export const WrongCode: Story = {
  name: 'Phone: wrong code',
  parameters: settingsWith(scenarios.phoneCodeSent),
  play: async ({ canvas }) => {
    await enterCode(canvas, '000000');
    await expect(
      await canvas.findByText('That code is not right. Check the text and try again.'),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Code from the text' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await settleAnnouncements();
  },
};

/** An expired code: a new one is one press away. */
export const ExpiredCode: Story = {
  name: 'Phone: code expired',
  parameters: settingsWith(scenarios.phoneCodeExpired),
  play: async ({ canvas }) => {
    await enterCode(canvas, mockPhoneVerificationCode);
    await expect(await canvas.findByText('This code has expired. Send a new code.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeVisible();

    await settleAnnouncements();
  },
};

/** The right code: the phone is verified, and Text can be chosen. */
export const Verified: Story = {
  name: 'Phone: verified',
  parameters: settingsWith(scenarios.phoneCodeSent),
  play: async ({ canvas }) => {
    await enterCode(canvas, mockPhoneVerificationCode);
    await expect(await canvas.findByText('Your phone is verified.')).toBeVisible();
    await expect(canvas.getByText('To +1 (510) 555-0188')).toBeVisible();
    await settleAnnouncements();
  },
};

/** Maya replied STOP to a notification text: how to undo it. */
export const PhoneOptedOut: Story = {
  name: 'Phone: replied STOP',
  parameters: settingsWith(scenarios.tutorPhoneOptedOut),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.getByText('Texts to your phone are paused.')).toBeVisible();
    await expect(canvas.getByText(/reply START/)).toBeVisible();
  },
};

/** The settings could not be loaded: Try again. */
export const LoadError: Story = {
  name: 'Load error',
  parameters: settingsWith(
    {},
    {
      'GET /tutor/notification-settings': {
        fail: { status: 'UNAVAILABLE', message: 'The server is down for maintenance.' },
      },
    },
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your notification settings could not be loaded.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Saving failed: why, and the changes are still there. */
export const SaveError: Story = {
  name: 'Save error',
  parameters: settingsWith(
    {},
    {
      'PUT /tutor/notification-settings': {
        fail: { status: 'UNAVAILABLE', message: 'The server is down for maintenance.' },
      },
    },
  ),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'None' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your settings were not saved.',
    );
    await expect(canvas.getByRole('radio', { name: 'None' })).toBeChecked();

    await settleAnnouncements();
  },
};

/** Saved: said in a status message. */
export const Saved: Story = {
  parameters: settingsWith(),
  play: async ({ canvas }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'None' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(canvas.getByText('Your settings are saved.')).toBeVisible());

    await settleAnnouncements();
  },
};
