import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FamilyLanguageNotice, familyLanguageNoticeText } from './FamilyLanguageNotice';

const meta = {
  title: 'Components/Tutoring/FamilyLanguageNotice',
  component: FamilyLanguageNotice,
  tags: ['autodocs'],
  args: { language: { name: 'Spanish', code: 'es', translated: true } },
} satisfies Meta<typeof FamilyLanguageNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server translates: texts go out in Spanish, replies come back in English. */
export const Translated: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.",
      ),
    ).toBeVisible();
    // Part of the page, not announced.
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** The server does not translate (no key, or a language it cannot do): it says so. */
export const NotTranslated: Story = {
  name: 'Not translated',
  args: { language: { name: 'Spanish', code: 'es', translated: false } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        "This family's language is Spanish. Messages are sent exactly as you write them.",
      ),
    ).toBeVisible();
    await expect(canvas.queryByText(/translated/)).toBeNull();
  },
};

/** An English-speaking family (null): nothing at all. */
export const English: Story = {
  args: { language: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
    await expect(familyLanguageNoticeText(undefined)).toBeNull();
    // Another language's name is the one said.
    await expect(
      familyLanguageNoticeText({ name: 'Vietnamese', code: 'vi', translated: false }),
    ).toBe("This family's language is Vietnamese. Messages are sent exactly as you write them.");
  },
};
