import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { AvailabilitySubmittedPopup } from './AvailabilitySubmittedPopup';

const navigate = fn().mockName('navigate');

const meta = {
  title: 'Components/Feedback/AvailabilitySubmittedPopup',
  component: AvailabilitySubmittedPopup,
  tags: ['autodocs'],
  beforeEach: () => {
    navigate.mockClear();
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  args: { defaultOpen: true, onOpenChange: fn() },
} satisfies Meta<typeof AvailabilitySubmittedPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** With the way back to the dashboard. */
export const WithDashboardLink: Story = {
  args: { dashboardHref: '/onboarding' },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Availability Submitted!' }));
    await expect(dialog).toHaveTextContent(/We have your weekly availability/);
    await userEvent.click(within(dialog).getByRole('link', { name: 'Back to the dashboard' }));
    await expect(navigate).toHaveBeenCalledWith('/onboarding', undefined);
  },
};

/** Without a dashboard link: an OK button closes it. */
export const OkCloses: Story = {
  play: async ({ args }) => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Availability Submitted!' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
