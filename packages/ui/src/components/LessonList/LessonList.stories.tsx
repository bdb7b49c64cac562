import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { groupLessonsByTopic } from '../../lib/lessons/lessons';
import { LessonList, type LessonListLesson } from './LessonList';

const lessons: LessonListLesson[] = [
  {
    id: 'l5',
    number: 5,
    lessonName: 'Comparing fractions',
    url: '#lesson-5',
    topic: 'Fractions',
  },
  {
    id: 'l1',
    number: 1,
    lessonName: 'Place value to 1,000',
    url: '#lesson-1',
    topic: 'Numbers',
  },
  {
    id: 'l3',
    number: 3,
    lessonName: 'What is a fraction?',
    url: '#lesson-3',
    topic: 'Fractions',
  },
  { id: 'l2', number: 2, lessonName: 'Rounding', url: '#lesson-2', topic: 'Numbers' },
  { id: 'l4', number: 4, lessonName: 'Unit fractions', url: '#lesson-4', topic: 'Fractions' },
  {
    id: 'l6',
    number: 6,
    lessonName: 'Area of rectangles',
    url: '#lesson-6',
    topic: 'Geometry',
  },
];

const meta = {
  title: 'Components/Pathway/LessonList',
  component: LessonList,
  tags: ['autodocs'],
  args: { lessons, completedLessons: { l1: true }, onComplete: fn() },
} satisfies Meta<typeof LessonList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lesson links open a new tab; the stories keep the test page where it is. */
const stayOnPage = (element: HTMLElement) =>
  element.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) event.preventDefault();
  });

/** Sorted by number, grouped by topic in the order of each topic's first lesson. */
export const SortedAndGrouped: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Numbers', 'Fractions', 'Geometry']);
    await expect(canvas.getAllByRole('link').map((link) => link.firstChild?.textContent)).toEqual([
      '1. ',
      '2. ',
      '3. ',
      '4. ',
      '5. ',
      '6. ',
    ]);
    const groups = groupLessonsByTopic(lessons).map((group) => [
      group.topic,
      group.lessons.map((lesson) => lesson.number),
    ]);
    await expect(groups).toEqual([
      ['Numbers', [1, 2]],
      ['Fractions', [3, 4, 5]],
      ['Geometry', [6]],
    ]);
    // A completed lesson: checked, and it cannot be unchecked.
    const done = canvas.getByRole('checkbox', { name: 'Place value to 1,000 completed' });
    await expect(done).toBeChecked();
    await userEvent.click(done);
    await expect(done).toBeChecked();
  },
};

/** Checking a lesson reports it once and it stays checked (no undo). */
export const CheckToComplete: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Rounding completed' });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith('l2');
    await userEvent.click(box);
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    // Opening it afterwards does not report it again.
    stayOnPage(canvas.getByRole('link', { name: /Rounding/ }).closest('ul') as HTMLElement);
    await userEvent.click(canvas.getByRole('link', { name: /Rounding/ }));
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
  },
};

/** Opening a lesson (link press, mouse or keyboard) reports it once and ticks it. */
export const OpenToComplete: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    stayOnPage(canvasElement);
    const link = canvas.getByRole('link', { name: /Unit fractions/ });
    await userEvent.click(link);
    await expect(args.onComplete).toHaveBeenCalledWith('l4');
    await expect(canvas.getByRole('checkbox', { name: 'Unit fractions completed' })).toBeChecked();
    link.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    // Already completed lessons are never reported.
    await userEvent.click(canvas.getByRole('link', { name: /Place value/ }));
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    const item = within(link.closest('li') as HTMLElement);
    await expect(item.getByText('Completed')).toBeVisible();
  },
};

/** No lessons. */
export const Empty: Story = {
  args: { lessons: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No lessons yet.')).toBeVisible();
  },
};
