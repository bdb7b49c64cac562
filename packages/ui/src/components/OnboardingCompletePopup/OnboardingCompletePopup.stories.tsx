import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { OnboardingCompletePopup } from './OnboardingCompletePopup';

const navigate = fn().mockName('navigate');

const meta = {
  title: 'Components/Feedback/OnboardingCompletePopup',
  component: OnboardingCompletePopup,
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
  args: {
    defaultOpen: true,
    firstName: 'Sam',
    tutorPortalHref: '/tutoring',
    orgEmailDomain: 'tutoring.example.org',
    onOpenChange: fn(),
  },
} satisfies Meta<typeof OnboardingCompletePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** The three next steps, in order, and the way to the Tutor Portal. */
export const NextSteps: Story = {
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Onboarding complete!' }));
    await expect(dialog).toHaveTextContent('Congratulations, Sam!');
    const steps = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    await expect(steps).toHaveLength(3);
    await expect(steps[0]).toHaveTextContent(/Tutor Portal with the temporary login/);
    await expect(steps[1]).toHaveTextContent(/Reset your password/);
    await expect(steps[2]).toHaveTextContent(
      /organisation e-mail \(the address ending in @tutoring\.example\.org\)/,
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Go to the Tutor Portal' }));
    await expect(navigate).toHaveBeenCalledWith('/tutoring', undefined);
  },
};

/** Escape closes it and reports `false`. */
export const EscapeCloses: Story = {
  args: { firstName: undefined, orgEmailDomain: undefined },
  play: async ({ args }) => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Onboarding complete!' }));
    await expect(dialog).toHaveTextContent(/Congratulations! You have finished/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
