import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  type LearningHubScenario,
  learningHubScenarios,
  scenarios,
} from '@tutoring/api/mocks/fixtures';
import { expect, within } from 'storybook/test';
import { screenParameters } from '../../../../testing/storybook/screenParameters';
import { LearningPathwayPage } from './LearningPathwayPage';

/**
 * /tutoring/learning-pathway/{studentId}, a student's Learning Hub (§2, §4): the introduction and
 * session structure (not for 'First Sessions' pathways), lessons by topic with their completion,
 * and the assessment part for each result; without a pathway, the Spring Post-Assessment card.
 */
const meta = {
  title: 'Screens/Tutoring/Learning Hub',
  component: LearningPathwayPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LearningPathwayPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const hub = ({ seed, studentId }: LearningHubScenario, behaviour = {}) =>
  screenParameters(
    { path: `/tutoring/learning-pathway/${studentId}`, session: 'tutor' },
    { seed: { ...scenarios.noNewWeeklyAnnouncement, ...seed }, behaviour },
  );

const assessment = async (canvas: ReturnType<typeof within>) =>
  within(
    (await canvas.findByRole('heading', { level: 2, name: 'Assessment' })).closest(
      'section, article, div',
    ) as HTMLElement,
  );

const lessonsPart = async (canvas: ReturnType<typeof within>) =>
  within(
    (await canvas.findByRole('heading', { level: 2, name: 'Lessons' })).closest(
      'section, article, div',
    ) as HTMLElement,
  );

/**
 * Each "Completed" sits on its lesson's line, right after the name: its middle within the name
 * link's height, and at most 16 px after it (the row's gap is 8 px).
 */
async function expectCompletedBesideLessons(
  lessons: ReturnType<typeof within>,
  count?: number,
): Promise<void> {
  const words = lessons.getAllByText('Completed');
  if (count !== undefined) await expect(words).toHaveLength(count);
  for (const word of words) {
    const name = within(word.closest('li') as HTMLElement)
      .getByRole('link')
      .getBoundingClientRect();
    const box = word.getBoundingClientRect();
    const middle = (box.top + box.bottom) / 2;
    await expect(middle).toBeGreaterThan(name.top);
    await expect(middle).toBeLessThan(name.bottom);
    await expect(box.left - name.right).toBeGreaterThanOrEqual(0);
    await expect(box.left - name.right).toBeLessThanOrEqual(16);
  }
}

/** No result yet: the post-assessment instructions with 'Copy to Clipboard' (§4). */
export const NoResultYet: Story = {
  name: 'No assessment result yet',
  parameters: hub(learningHubScenarios.noResultYet),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: "Ana's Learning Hub" }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Introduction' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Lessons' })).toBeVisible();
    const part = await assessment(canvas);
    await expect(part.getByRole('button', { name: /Copy to Clipboard/ })).toBeVisible();
  },
};

/** 'Failed' on a 'First Sessions' pathway: no intro or session structure; Additional Lessons. */
export const FailedFirstSessions: Story = {
  name: "Failed, 'First Sessions' pathway",
  parameters: hub(learningHubScenarios.failedFirstSessions),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: "Liam's Learning Hub" }),
    ).toBeVisible();
    const part = await assessment(canvas);
    await expect(part.getByText('Thank you for giving the post-assessment')).toBeVisible();
    await expect(part.getByRole('heading', { name: 'Additional Lessons' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 2, name: 'Introduction' })).toBeNull();
  },
};

/** 'Passed': the proficiency message and the Next Unit Pre-Assessment. */
export const Passed: Story = {
  parameters: hub(learningHubScenarios.passed),
  play: async ({ canvas }) => {
    const part = await assessment(canvas);
    await expect(part.getByText('Proficient')).toBeVisible();
    await expect(part.getByRole('heading', { name: 'Next Unit Pre-Assessment' })).toBeVisible();
  },
};

/** 'Passed' without a next unit: no pre-assessment link. */
export const PassedWithoutNextUnit: Story = {
  name: 'Passed, no next unit',
  parameters: hub(learningHubScenarios.passedWithoutNextUnit),
  play: async ({ canvas }) => {
    const part = await assessment(canvas);
    await expect(part.getByText('Proficient')).toBeVisible();
    await expect(part.queryByRole('heading', { name: 'Next Unit Pre-Assessment' })).toBeNull();
  },
};

/**
 * 'Failed' with a next unit; a long pathway with long lesson names, whose "Completed" stays
 * beside each completed name, also where a name wraps.
 */
export const FailedWithNextUnit: Story = {
  name: 'Failed, with next unit',
  parameters: hub(learningHubScenarios.failedWithNextUnit),
  play: async ({ canvas }) => {
    await expectCompletedBesideLessons(await lessonsPart(canvas));
    const part = await assessment(canvas);
    await expect(part.getByRole('heading', { name: 'Additional Lessons' })).toBeVisible();
    await expect(part.getByRole('heading', { name: 'Next Unit Pre-Assessment' })).toBeVisible();
  },
};

/** No result and no post-assessment: only the Next Unit Pre-Assessment (§4). */
export const NoPostAssessment: Story = {
  name: 'No post-assessment',
  parameters: hub(learningHubScenarios.noPostAssessment),
  play: async ({ canvas }) => {
    const part = await assessment(canvas);
    await expect(part.getByRole('heading', { name: 'Next Unit Pre-Assessment' })).toBeVisible();
    await expect(part.queryByRole('button', { name: /Copy to Clipboard/ })).toBeNull();
  },
};

/**
 * Every lesson completed: each box checked (a lesson marked by mistake can be unchecked), and
 * "Completed" right after its lesson's name on the same line, not at the far end of the row.
 */
export const AllLessonsCompleted: Story = {
  name: 'All lessons completed',
  parameters: hub(learningHubScenarios.allLessonsCompleted),
  play: async ({ canvas }) => {
    const lessons = await lessonsPart(canvas);
    const boxes = lessons.getAllByRole('checkbox');
    for (const box of boxes) await expect(box).toBeChecked();
    await expectCompletedBesideLessons(lessons, boxes.length);
  },
};

/** No pathway (3rd grade): the Spring Post-Assessment card with the grade's link (§2, §5). */
export const NoPathway: Story = {
  name: 'No pathway',
  parameters: hub(learningHubScenarios.noPathway3rdGrade),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Spring Post-Assessment' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Copy Assessment Link/ })).toBeVisible();
    const go = canvas.getByRole('link', { name: /Go to Assessment/ });
    const url = new URL(go.getAttribute('href') ?? '');
    await expect(url.searchParams.get('grade')).toBe('3rd');
    await expect(url.searchParams.get('name')).toBe('Mia');
  },
};

/** The pathway is still loading (the student is known, the callable has not answered). */
export const LoadingPathway: Story = {
  name: 'Loading the pathway',
  parameters: hub(learningHubScenarios.noResultYet, {
    'POST /functions/getStudentPathway': { delay: 'infinite' },
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: "Loading Ana's learning pathway" }),
    ).toBeVisible();
  },
};

/**
 * The pathway could not be loaded (§8): the message with the request's reference for support, Try
 * again, and the Spring card.
 */
export const PathwayError: Story = {
  name: 'Pathway failed to load',
  parameters: hub(learningHubScenarios.noResultYet, {
    'POST /functions/getStudentPathway': {
      fail: {
        status: 'UNAVAILABLE',
        message: 'The learning pathways are being updated.',
        requestId: 'req-9b2c4e71',
      },
    },
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The learning pathway could not be loaded.'),
    ).toBeVisible();
    await expect(canvas.getByText('The learning pathways are being updated.')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /The learning pathways are being updated\.\s*Reference: req-9b2c4e71$/,
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Spring Post-Assessment' }),
    ).toBeVisible();
  },
};

/** Not one of the tutor's students: "Can't find student information", no pathway asked for. */
export const NotTheTutorsStudent: Story = {
  name: "Can't find student information",
  parameters: hub(learningHubScenarios.notTheTutorsStudent),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Can't find student information")).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to your students' })).toBeVisible();
  },
};
