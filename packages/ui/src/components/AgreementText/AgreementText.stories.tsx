import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AgreementText } from './AgreementText';

const meta = {
  title: 'Components/Onboarding/AgreementText',
  component: AgreementText,
  tags: ['autodocs'],
  args: { orgName: 'Volunteer Tutoring Inc.' },
} satisfies Meta<typeof AgreementText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The six sections in order, the minimum age of 16, California law and the org's name. */
export const SixSections: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Volunteer Tutor Agreement' })).toBeVisible();
    const sections = canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await expect(sections).toEqual([
      '1. Volunteer Tutor',
      '2. Code of Conduct',
      '3. Representations',
      '4. Waiver and Release',
      '5. Indemnification',
      '6. General',
    ]);
    await expect(canvas.getByText('16 years old')).toBeVisible();
    await expect(canvas.getByText('State of California')).toBeVisible();
    await expect(canvas.getByText(/between Volunteer Tutoring Inc\. \(the/)).toBeVisible();
  },
};

/** Nested deeper in a page: the title becomes h3 and the sections h4. */
export const NestedHeadings: Story = {
  args: { headingLevel: 4, orgName: 'Bright Futures Tutoring' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Volunteer Tutor Agreement' }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 4 })).toHaveLength(6);
  },
};
