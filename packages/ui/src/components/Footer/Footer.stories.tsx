import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer';

// Example links for the stories only: the portal passes the real links from its config.
const socialLinks = [
  { label: 'Facebook', href: 'https://facebook.example.com/tutoring' },
  { label: 'Instagram', href: 'https://instagram.example.com/tutoring' },
  { label: 'LinkedIn', href: 'https://linkedin.example.com/company/tutoring' },
];

const meta = {
  title: 'Components/Base/Footer',
  component: Footer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { copyrightHolder: 'Volunteer Tutoring Network', year: 2026, socialLinks },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The landing page's footer: the copyright line and three social links. */
export const WithSocialLinks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const footer = canvas.getByRole('contentinfo');
    await expect(footer).toHaveTextContent('© 2026 Volunteer Tutoring Network');
    const nav = within(footer).getByRole('navigation', { name: 'Social media' });
    const links = within(nav).getAllByRole('link');
    await expect(links).toHaveLength(3);
    for (const [index, link] of links.entries()) {
      const expected = socialLinks[index];
      await expect(link).toHaveAccessibleName(`${expected?.label} (opens in a new tab)`);
      await expect(link).toHaveAttribute('href', expected?.href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

/** Without social links the footer keeps only the copyright line, and no empty navigation. */
export const CopyrightOnly: Story = {
  args: { socialLinks: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(
      '© 2026 Volunteer Tutoring Network',
    );
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};
