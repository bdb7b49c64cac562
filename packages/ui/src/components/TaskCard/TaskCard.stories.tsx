import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent } from 'storybook/test';
import { Columns } from '../Columns/Columns';
import { TaskCard } from './TaskCard';

const navigate = fn().mockName('navigate');

const meta = {
  title: 'Components/Onboarding/TaskCard',
  component: TaskCard,
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
    name: 'Waiver',
    description: 'Read and sign the volunteer agreement.',
    timeEstimate: '5 minutes',
    href: 'waiver',
    isCompleted: false,
  },
} satisfies Meta<typeof TaskCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotCompleted: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Waiver' })).toBeVisible();
    await expect(canvas.getByText('Not Completed')).toBeVisible();
    await expect(canvas.queryByText('Completed', { exact: true })).toBeNull();
    await expect(canvas.getByText(/5 minutes/)).toHaveTextContent('Time estimate: 5 minutes');
    const link = canvas.getByRole('link', { name: 'Start Waiver' });
    await expect(link).toHaveAttribute('href', 'waiver');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('waiver', undefined);
  },
};

export const Completed: Story = {
  args: { isCompleted: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed', { exact: true })).toBeVisible();
    await expect(canvas.queryByText('Not Completed')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Review Waiver' })).toBeVisible();
  },
};

/** The four tasks of §4 with the estimates of §9, in any completion order. */
export const AllFourTasks: Story = {
  render: () => (
    // The dashboard's two-column task grid.
    <Columns columns={2} collapseBelow="mobileScreen" gap="lg">
      <TaskCard
        name="Waiver"
        description="Read and sign the volunteer agreement."
        timeEstimate="5 minutes"
        href="waiver"
        isCompleted
      />
      <TaskCard
        name="Training"
        description="Join a 2-hour live virtual training, or watch the recording and pass the knowledge check."
        timeEstimate="2 hours"
        href="training"
        isCompleted={false}
      />
      <TaskCard
        name="Background Check"
        description="Complete a Live Scan in California or an online check elsewhere."
        timeEstimate="0.5-1 hour"
        href="background-check"
        isCompleted={false}
      />
      <TaskCard
        name="Availability"
        description="Tell us when you can tutor each week."
        timeEstimate="5 minutes"
        href="availability"
        isCompleted
      />
    </Columns>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(4);
    await expect(canvas.getByRole('article', { name: 'Training' })).toHaveTextContent('2 hours');
    await expect(canvas.getAllByText('Completed', { exact: true })).toHaveLength(2);
    await expect(canvas.getAllByText('Not Completed')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'Start Background Check' })).toHaveAttribute(
      'href',
      'background-check',
    );
  },
};
