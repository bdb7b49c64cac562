import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { showsNextPreAssessment } from '../../lib/assessment/assessment';
import type { Scheduler } from '../CopyLinkButton/CopyLinkButton';
import { AssessmentCard } from './AssessmentCard';

/** Never ends the confirmation, so 'Copied!' stays for the screenshot. */
const frozenClock: Scheduler = () => () => undefined;

const meta = {
  title: 'Components/Pathway/AssessmentCard',
  component: AssessmentCard,
  tags: ['autodocs'],
  args: {
    studentName: 'Ana',
    result: '',
    postAssessmentName: 'Unit 2 Post-Assessment',
    postAssessmentUrl: 'https://forms.example.org/unit-2-post?id=S-1001&name=Ana&grade=4th',
    nextPreAssessmentUrl: 'https://forms.example.org/unit-3-pre?id=S-1001&name=Ana&grade=4th',
    additionalLessons: [
      { id: 'x2', number: 12, lessonName: 'Fractions on a number line', url: '#x2' },
      { id: 'x1', number: 11, lessonName: 'Equivalent fractions review', url: '#x1' },
    ],
    onCopy: fn(async () => undefined),
    schedule: frozenClock,
  },
} satisfies Meta<typeof AssessmentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Failed: thank-you, advice, Additional Lessons (by number); next pre-assessment shows. */
export const Failed: Story = {
  args: { result: 'Failed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Thank you for giving the post-assessment')).toBeVisible();
    const heading = canvas.getByRole('heading', { name: 'Additional Lessons' });
    const list = within(heading.parentElement as HTMLElement).getByRole('list');
    await expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.firstChild?.textContent),
    ).toEqual(['Equivalent fractions review', 'Fractions on a number line']);
    await expect(canvas.getByRole('heading', { name: 'Next Unit Pre-Assessment' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Copy to Clipboard' })).toBeNull();
  },
};

/** Passed: the proficiency message; next pre-assessment shows. */
export const Passed: Story = {
  args: { result: 'Passed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/is proficient in this unit/)).toBeVisible();
    await expect(canvas.queryByText('Additional Lessons')).toBeNull();
    await expect(
      canvas.getByRole('link', { name: /Go to Next Unit Pre-Assessment/ }),
    ).toHaveAttribute('href', 'https://forms.example.org/unit-3-pre?id=S-1001&name=Ana&grade=4th');
  },
};

/**
 * No result yet: instructions (at least 30 minutes) and 'Copy to Clipboard' -> 'Copied!'. A
 * post-assessment exists, so the next pre-assessment does not show yet.
 */
export const NotTakenYet: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/at least 30 minutes/)).toBeVisible();
    await expect(canvas.queryByText('Next Unit Pre-Assessment')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy to Clipboard' }));
    await expect(args.onCopy).toHaveBeenCalledWith(args.postAssessmentUrl);
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
  },
};

/** No result and no post-assessment, with a next-unit link: the next pre-assessment shows. */
export const NoPostAssessmentNextUnit: Story = {
  args: { postAssessmentName: null, postAssessmentUrl: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Next Unit Pre-Assessment' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Copy to Clipboard' })).toBeNull();
  },
};

/** The four cases of the Next Unit Pre-Assessment rule (spec §4), plus the missing-URL case. */
export const NextPreAssessmentRule: Story = {
  args: { result: 'Passed', nextPreAssessmentUrl: null },
  play: async ({ canvas }) => {
    const url = 'https://forms.example.org/next';
    // 1. A result exists and the URL exists: shows.
    await expect(
      showsNextPreAssessment({
        result: 'Failed',
        postAssessmentName: 'Unit 2',
        nextPreAssessmentUrl: url,
      }),
    ).toBe(true);
    // 2. No result, no post-assessment, URL exists: shows.
    await expect(
      showsNextPreAssessment({
        result: '',
        postAssessmentName: null,
        nextPreAssessmentUrl: url,
      }),
    ).toBe(true);
    // 3. No result but a post-assessment exists: hidden (the post-assessment comes first).
    await expect(
      showsNextPreAssessment({
        result: '',
        postAssessmentName: 'Unit 2',
        nextPreAssessmentUrl: url,
      }),
    ).toBe(false);
    // 4. A result but no URL: hidden (as rendered here).
    await expect(
      showsNextPreAssessment({
        result: 'Passed',
        postAssessmentName: 'Unit 2',
        nextPreAssessmentUrl: null,
      }),
    ).toBe(false);
    await expect(
      showsNextPreAssessment({
        result: '',
        postAssessmentName: '  ',
        nextPreAssessmentUrl: ' ',
      }),
    ).toBe(false);
    await expect(canvas.queryByText('Next Unit Pre-Assessment')).toBeNull();
  },
};
