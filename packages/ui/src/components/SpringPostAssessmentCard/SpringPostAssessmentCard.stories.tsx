import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import type { Scheduler } from '../CopyLinkButton/CopyLinkButton';
import { SpringPostAssessmentCard } from './SpringPostAssessmentCard';

/** Never ends the confirmation, so 'Copied!' stays for the screenshot. */
const frozenClock: Scheduler = () => () => undefined;

const meta = {
  title: 'Components/Pathway/SpringPostAssessmentCard',
  component: SpringPostAssessmentCard,
  tags: ['autodocs'],
  args: {
    studentName: 'Ben',
    assessmentUrl: 'https://forms.example.org/spring-post?id=S-1002&name=Ben&grade=6th',
    onCopy: fn(async () => undefined),
  },
} satisfies Meta<typeof SpringPostAssessmentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Copy Assessment Link' and the external 'Go to Assessment' link. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Spring Post-Assessment' })).toBeVisible();
    const go = canvas.getByRole('link', { name: /Go to Assessment/ });
    await expect(go).toHaveAttribute(
      'href',
      'https://forms.example.org/spring-post?id=S-1002&name=Ben&grade=6th',
    );
    await expect(go).toHaveAttribute('target', '_blank');
    await expect(canvas.getByRole('button', { name: 'Copy Assessment Link' })).toBeVisible();
  },
};

/** After copying: 'Copied!' with a tick. */
export const Copied: Story = {
  args: { schedule: frozenClock },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Assessment Link' }));
    await expect(args.onCopy).toHaveBeenCalledWith(args.assessmentUrl);
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
  },
};
