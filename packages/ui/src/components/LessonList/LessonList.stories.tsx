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
  args: { lessons, completedLessons: { l1: true }, onComplete: fn(), onUncomplete: fn() },
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
  },
};

/** Checking a lesson reports it once; opening it afterwards does not report it again. */
export const CheckToComplete: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Rounding completed' });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith('l2');
    // Opening it afterwards does not report it again.
    stayOnPage(canvas.getByRole('link', { name: /Rounding/ }).closest('ul') as HTMLElement);
    await userEvent.click(canvas.getByRole('link', { name: /Rounding/ }));
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onUncomplete).not.toHaveBeenCalled();
  },
};

/**
 * A lesson marked complete by mistake: unchecking it reports it as not completed and it shows so
 * at once; checking it again marks it again (mouse or keyboard), so no confirmation is needed.
 */
export const UncheckToUndo: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Place value to 1,000 completed' });
    const item = within(box.closest('li') as HTMLElement);
    await expect(box).toBeChecked();
    await userEvent.click(box);
    await expect(box).not.toBeChecked();
    await expect(args.onUncomplete).toHaveBeenCalledTimes(1);
    await expect(args.onUncomplete).toHaveBeenCalledWith('l1');
    await expect(item.queryByText('Completed')).toBeNull();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith('l1');
    await expect(item.getByText('Completed')).toBeVisible();
    // The keyboard does the same: Space unchecks, Space checks again.
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onUncomplete).toHaveBeenCalledTimes(2);
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await expect(args.onComplete).toHaveBeenCalledTimes(2);
  },
};

/** Without `onUncomplete`, a completed lesson's checkbox is read-only: it stays checked. */
export const CompletedWithoutUndo: Story = {
  render: (args) => <LessonList {...args} onUncomplete={undefined} />,
  play: async ({ canvas, args }) => {
    const done = canvas.getByRole('checkbox', { name: 'Place value to 1,000 completed' });
    await expect(done).toBeChecked();
    await expect(done).toHaveAttribute('aria-readonly', 'true');
    await userEvent.click(done);
    await expect(done).toBeChecked();
    await expect(args.onComplete).not.toHaveBeenCalled();
    await expect(args.onUncomplete).not.toHaveBeenCalled();
  },
};

/**
 * "Completed" sits on its lesson's line, right after the name (8 px, the row's gap), at every
 * width: at 1280 px it does not drift to the far end of the row, and a long name that wraps at
 * 390 px keeps it beside the name.
 */
export const CompletedBesideItsLesson: Story = {
  args: {
    lessons: [
      ...lessons,
      {
        id: 'l7',
        number: 7,
        lessonName: 'Perimeter and area of rectangles and composite shapes in word problems',
        url: '#lesson-7',
        topic: 'Geometry',
      },
    ],
    completedLessons: { l1: true, l3: true, l7: true },
  },
  play: async ({ canvas }) => {
    const words = canvas.getAllByText('Completed');
    await expect(words).toHaveLength(3);
    for (const word of words) {
      const link = within(word.closest('li') as HTMLElement).getByRole('link');
      const name = link.getBoundingClientRect();
      const box = word.getBoundingClientRect();
      // On the lesson's line: its middle lies within the name's height.
      const middle = (box.top + box.bottom) / 2;
      await expect(middle).toBeGreaterThan(name.top);
      await expect(middle).toBeLessThan(name.bottom);
      // Right after the name.
      await expect(box.left - name.right).toBeGreaterThanOrEqual(0);
      await expect(box.left - name.right).toBeLessThanOrEqual(16);
    }
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
