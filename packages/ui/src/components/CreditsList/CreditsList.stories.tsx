import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CreditsList } from './CreditsList';

const meta = {
  title: 'Components/Public/CreditsList',
  component: CreditsList,
  tags: ['autodocs'],
  args: {
    credits: [
      {
        id: 'forms',
        title: 'Form Builder',
        description: 'Powers our applications, the volunteer waiver and the weekly session form.',
        href: 'https://forms.example.com/',
      },
      {
        id: 'scheduling',
        title: 'Scheduling Service',
        description:
          'Lets tutors book live trainings and onboarding chats at times that suit them.',
        href: 'https://scheduling.example.com/',
      },
      {
        id: 'video',
        title: 'Video Platform',
        description: 'Hosts the recorded Tutoring 101 training and other learning videos.',
        href: 'https://video.example.com/',
      },
    ],
  },
} satisfies Meta<typeof CreditsList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three tools: title, description and an external link each. */
export const ThreeTools: Story = {
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(
      canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Form Builder', 'Scheduling Service', 'Video Platform']);
    const link = within(items[1] as HTMLElement).getByRole('link', {
      name: 'Visit Scheduling Service (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('href', 'https://scheduling.example.com/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(items[2]).toHaveTextContent('Hosts the recorded Tutoring 101 training');
  },
};
