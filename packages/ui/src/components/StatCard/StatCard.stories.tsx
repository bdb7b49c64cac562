import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { formatHours } from '../../lib/hours/hours';
import { StatCard, TutorStatCards } from './StatCard';

const meta = {
  title: 'Components/Tutoring/StatCard',
  component: TutorStatCards,
  tags: ['autodocs'],
  args: {
    stats: {
      currentStudents: 3,
      sessions: 42,
      last30DaysTutoringHours: 6.5,
      hoursUntilPromotion: 13.75,
    },
  },
} satisfies Meta<typeof TutorStatCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reads the value shown under a card's label. */
function shownValue(canvasElement: HTMLElement, label: string): string {
  const term = within(canvasElement).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** The four dashboard cards of §2 with real figures. */
export const Dashboard: Story = {
  play: async ({ canvasElement }) => {
    const terms = canvasElement.querySelectorAll('dt');
    await expect(Array.from(terms, (term) => term.textContent)).toEqual([
      'Current Students',
      'Sessions',
      'Tutoring hours (last 30 days)',
      'Hours until promotion',
    ]);
    await expect(shownValue(canvasElement, 'Current Students')).toBe('3');
    await expect(shownValue(canvasElement, 'Sessions')).toBe('42');
    await expect(shownValue(canvasElement, 'Tutoring hours (last 30 days)')).toBe('6h 30m');
    await expect(shownValue(canvasElement, 'Hours until promotion')).toBe('13h 45m');
  },
};

/** Stats missing (not loaded or not returned): '0h 0m' and 'N/A' defaults of §2. */
export const MissingValues: Story = {
  args: { stats: null },
  play: async ({ canvasElement }) => {
    await expect(shownValue(canvasElement, 'Current Students')).toBe('0');
    await expect(shownValue(canvasElement, 'Sessions')).toBe('0');
    await expect(shownValue(canvasElement, 'Tutoring hours (last 30 days)')).toBe('0h 0m');
    await expect(shownValue(canvasElement, 'Hours until promotion')).toBe('N/A');
  },
};

/** No next title (hoursUntilPromotion null) reads 'N/A'; zero hours read '0h 0m'. */
export const TopTitleNoPromotion: Story = {
  args: {
    stats: {
      currentStudents: 5,
      sessions: 210,
      last30DaysTutoringHours: 0,
      hoursUntilPromotion: null,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(shownValue(canvasElement, 'Tutoring hours (last 30 days)')).toBe('0h 0m');
    await expect(shownValue(canvasElement, 'Hours until promotion')).toBe('N/A');
  },
};

/** A single card, and the exact strings of the hours formatter. */
export const SingleCardAndFormatter: Story = {
  render: () => (
    <dl>
      <StatCard label="Sessions" value={undefined} />
    </dl>
  ),
  play: async ({ canvasElement }) => {
    await expect(shownValue(canvasElement, 'Sessions')).toBe('N/A');
    await expect(formatHours(undefined)).toBe('0h 0m');
    await expect(formatHours(null)).toBe('0h 0m');
    await expect(formatHours(Number.NaN)).toBe('0h 0m');
    await expect(formatHours(0.25)).toBe('0h 15m');
    await expect(formatHours(1)).toBe('1h 0m');
    await expect(formatHours(12.999)).toBe('13h 0m');
  },
};
