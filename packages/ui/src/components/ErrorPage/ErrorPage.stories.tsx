import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ErrorPage } from './ErrorPage';

const meta = {
  title: 'Components/Feedback/ErrorPage',
  component: ErrorPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { code: 404, mainWebsiteHref: 'https://www.example.org/' },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Checks the Popular pages list every error page shows. */
async function expectPopularPages(root: HTMLElement, hrefs = ['/onboarding', '/tutoring']) {
  const section = within(root).getByRole('region', { name: 'Popular pages' });
  const links = within(section).getAllByRole('link');
  await expect(links).toHaveLength(3);
  await expect(links[0]).toHaveAccessibleName('Main website (opens in a new tab)');
  await expect(links[0]).toHaveAttribute('href', 'https://www.example.org/');
  await expect(links[0]).toHaveAttribute('target', '_blank');
  await expect(links[1]).toHaveAccessibleName('Onboarding');
  await expect(links[1]).toHaveAttribute('href', hrefs[0]);
  await expect(links[2]).toHaveAccessibleName('Tutoring Dashboard');
  await expect(links[2]).toHaveAttribute('href', hrefs[1]);
}

export const NotFound: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(canvas.getByText('This page does not exist.')).toBeVisible();
    await expect(canvas.getByText('404')).toBeVisible();
    await expectPopularPages(canvasElement);
  },
};

export const BadRequest: Story = {
  args: { code: 400 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Bad Request' })).toBeVisible();
    await expect(
      canvas.getByText(
        'Something went wrong with your request. Please check your input and try again.',
      ),
    ).toBeVisible();
    await expectPopularPages(canvasElement);
  },
};

export const ServerError: Story = {
  args: { code: 500 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Server Error' })).toBeVisible();
    await expect(
      canvas.getByText('Oops! Something went wrong on our end. Please try again later.'),
    ).toBeVisible();
    await expectPopularPages(canvasElement);
  },
};

/** The internal paths can be overridden (e.g. a deployment under a base path). */
export const CustomHrefs: Story = {
  args: { onboardingHref: '/portal/onboarding', tutoringHref: '/portal/tutoring' },
  play: async ({ canvasElement }) => {
    await expectPopularPages(canvasElement, ['/portal/onboarding', '/portal/tutoring']);
  },
};
