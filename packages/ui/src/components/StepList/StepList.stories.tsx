import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TaskCard } from '../TaskCard/TaskCard';
import { areOnboardingTasksComplete, type Step, StepList } from './StepList';

const meta = {
  title: 'Components/Onboarding/StepList',
  component: StepList,
  tags: ['autodocs'],
  args: { label: 'Onboarding progress', steps: [] },
} satisfies Meta<typeof StepList>;

export default meta;
type Story = StoryObj<typeof meta>;

const tasks = (done: [boolean, boolean, boolean, boolean]) =>
  [
    { name: 'Waiver', href: 'waiver', timeEstimate: '5 minutes' },
    { name: 'Training', href: 'training', timeEstimate: '2 hours' },
    { name: 'Background Check', href: 'background-check', timeEstimate: '0.5-1 hour' },
    { name: 'Availability', href: 'availability', timeEstimate: '5 minutes' },
  ].map((task, index) => ({ ...task, isCompleted: done[index] ?? false }));

/** The onboarding dashboard's steps, derived like the portal does (§4). */
function onboardingSteps(done: [boolean, boolean, boolean, boolean]): Step[] {
  const list = tasks(done);
  const tasksComplete = areOnboardingTasksComplete(list);
  return [
    {
      id: 'accepted',
      title: 'Application Accepted',
      status: 'complete',
      description: 'Welcome aboard! Your application has been accepted.',
    },
    {
      id: 'onboarding',
      title: 'Onboarding Steps',
      status: tasksComplete ? 'complete' : 'current',
      description: 'Complete these four tasks in any order.',
      children: (
        <ul aria-label="Onboarding tasks">
          {list.map((task) => (
            <li key={task.href}>
              {task.name}: {task.isCompleted ? 'Completed' : 'Not Completed'}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'matched',
      title: 'Wait to get matched',
      status: tasksComplete ? 'current' : 'pending',
      description: 'We will e-mail you when we have found a student for you.',
    },
  ];
}

const items = (root: HTMLElement) =>
  within(within(root).getByRole('list', { name: 'Onboarding progress' }))
    .getAllByRole('listitem')
    .filter((item) => item.hasAttribute('data-status'));

/** Some tasks open: 'Onboarding Steps' is the current step, the last one upcoming. */
export const TasksInProgress: Story = {
  args: { steps: onboardingSteps([true, false, false, true]) },
  play: async ({ canvas, canvasElement }) => {
    const [accepted, onboarding, matched] = items(canvasElement);
    await expect(accepted).toHaveAttribute('data-status', 'complete');
    await expect(onboarding).toHaveAttribute('aria-current', 'step');
    await expect(matched).not.toHaveAttribute('aria-current');
    await expect(
      canvas.getByRole('heading', { name: 'Completed: Application Accepted' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Current step: Onboarding Steps' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Upcoming: Wait to get matched' }),
    ).toBeVisible();
    await expect(canvasElement.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
  },
};

/** All four tasks complete: the 'Onboarding Steps' header is complete, waiting is current. */
export const AllTasksComplete: Story = {
  args: { steps: onboardingSteps([true, true, true, true]) },
  play: async ({ canvas, canvasElement }) => {
    const [, onboarding, matched] = items(canvasElement);
    await expect(onboarding).toHaveAttribute('data-status', 'complete');
    await expect(
      canvas.getByRole('heading', { name: 'Completed: Onboarding Steps' }),
    ).toBeVisible();
    await expect(matched).toHaveAttribute('aria-current', 'step');
  },
};

/** Three of four tasks are not enough (§4: all of the first four). */
export const ThreeOfFourTasks: Story = {
  args: { steps: onboardingSteps([true, true, false, true]) },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Current step: Onboarding Steps' }),
    ).toBeVisible();
    await expect(areOnboardingTasksComplete([{ isCompleted: true }])).toBe(false);
  },
};

/** The tutor stages of §4, with task cards nested under the current step. */
export const TutorStagesWithTaskCards: Story = {
  args: {
    label: 'Tutor stages',
    steps: [
      { id: 'accepted', title: 'Application Accepted', status: 'complete' },
      {
        id: 'ready',
        title: 'Ready to Tutor',
        status: 'current',
        children: (
          <TaskCard
            name="Training"
            description="Join a 2-hour live virtual training."
            timeEstimate="2 hours"
            href="training"
            isCompleted={false}
            headingLevel={4}
          />
        ),
      },
      { id: 'matched', title: 'Matched', status: 'pending' },
    ],
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Tutor stages' });
    await expect(within(list).getByRole('heading', { level: 4, name: 'Training' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Upcoming: Matched' })).toBeVisible();
  },
};
