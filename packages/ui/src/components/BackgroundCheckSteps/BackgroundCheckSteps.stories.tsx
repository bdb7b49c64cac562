import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BackgroundCheckSteps } from './BackgroundCheckSteps';

const meta = {
  title: 'Components/Onboarding/BackgroundCheckSteps',
  component: BackgroundCheckSteps,
  tags: ['autodocs'],
  args: {
    liveScanFormHref: 'https://forms.example.org/live-scan-request.pdf',
    liveScanLocationsHref: 'https://www.example.org/live-scan-locations',
    onlineCheckHref: 'https://checks.example.org/start',
  },
} satisfies Meta<typeof BackgroundCheckSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** California first: the three Live Scan steps and the form link. */
export const LiveScan: Story = {
  play: async ({ canvas }) => {
    const tabs = canvas.getAllByRole('tab');
    await expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Living in or Visiting California',
      'Residents Outside of California',
    ]);
    await expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = canvas.getByRole('tabpanel');
    const steps = within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    await expect(steps).toEqual(['Print the form', 'Get fingerprinted', 'Wait for your results']);
    await expect(
      within(panel).getByRole('link', { name: 'Live Scan request form (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://forms.example.org/live-scan-request.pdf');
  },
};

/** Arrow keys move between the tabs (RAC Tabs, automatic activation). */
export const ArrowKeysSwitchTabs: Story = {
  play: async ({ canvas }) => {
    const [california, outside] = canvas.getAllByRole('tab');
    await userEvent.tab();
    await expect(california).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(outside).toHaveFocus();
    await expect(outside).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName(
      'Residents Outside of California',
    );
    // Wraps around at the end; ArrowLeft goes back.
    await userEvent.keyboard('{ArrowRight}');
    await expect(california).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(outside).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(california).toHaveAttribute('aria-selected', 'true');
  },
};

/** Outside California: three collapsible steps, all closed at first; they open independently. */
export const OnlineCheckSteps: Story = {
  args: { defaultRegion: 'outside' },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('tabpanel');
    const triggers = within(panel).getAllByRole('button');
    await expect(triggers.map((button) => button.textContent)).toEqual([
      'Step 1: Create your account',
      'Step 2: Enter your details and give consent',
      'Step 3: Submit and wait for your results',
    ]);
    for (const trigger of triggers) {
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(
      within(panel).queryByRole('link', { name: /Start the online background check/ }),
    ).toBeNull();

    const [first, second] = triggers;
    await userEvent.click(first as HTMLElement);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(
      within(panel).getByRole('link', {
        name: 'Start the online background check (opens in a new tab)',
      }),
    ).toHaveAttribute('href', 'https://checks.example.org/start');

    // Keyboard: Tab to step 2 (past the link in step 1), Enter opens it, Space closes it.
    (second as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'false'));
  },
};

/** Without a locations directory, step 2 has no link. */
export const WithoutLocationsLink: Story = {
  args: { liveScanLocationsHref: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: /Find a Live Scan location/ })).toBeNull();
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};
