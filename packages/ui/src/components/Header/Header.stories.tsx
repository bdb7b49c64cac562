import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Header, noAvailabilityFormHint } from './Header';

const meta = {
  title: 'Components/Layout/Header',
  component: Header,
  tags: ['autodocs'],
  args: {
    firstName: 'Maya',
    updateInformationHref: 'https://forms.example.org/update-information',
    title: 'Senior Tutor',
    capacity: 3,
    availability: 'Monday 16:00-18:00',
    availabilityFormHref: 'https://forms.example.org/availability?tutorID=T-1001',
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Value of one of the header's facts (dt/dd pairs). */
const factValue = (root: HTMLElement, term: string) =>
  within(root).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** With an availability form: the availability links to it. */
export const WithAvailabilityForm: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
    const update = canvas.getByRole('link', { name: 'Update Information (opens in a new tab)' });
    await expect(update).toHaveAttribute('href', 'https://forms.example.org/update-information');
    await expect(factValue(canvasElement, 'Title')).toHaveTextContent('Senior Tutor');
    await expect(factValue(canvasElement, 'Capacity')).toHaveTextContent('3');
    const availability = within(factValue(canvasElement, 'Current Availability')).getByRole(
      'link',
      { name: 'Monday 16:00-18:00 (opens in a new tab)' },
    );
    await expect(availability).toHaveAttribute(
      'href',
      'https://forms.example.org/availability?tutorID=T-1001',
    );
    await expect(canvas.queryByText(noAvailabilityFormHint)).toBeNull();
  },
};

/** Without an availability form: plain text and the hint. */
export const WithoutAvailabilityForm: Story = {
  args: { availabilityFormHref: null },
  play: async ({ canvas, canvasElement }) => {
    const value = factValue(canvasElement, 'Current Availability');
    await expect(value).toHaveTextContent('Monday 16:00-18:00');
    await expect(within(value).queryByRole('link')).toBeNull();
    await expect(canvas.getByText('No availability form exists for this tutor')).toBeVisible();
  },
};

/** Missing stats: 'N/A' for title and capacity, 'Not set' for an empty availability. */
export const MissingValues: Story = {
  args: { title: null, capacity: null, availability: '  ', availabilityFormHref: undefined },
  play: async ({ canvasElement }) => {
    await expect(factValue(canvasElement, 'Title')).toHaveTextContent('N/A');
    await expect(factValue(canvasElement, 'Capacity')).toHaveTextContent('N/A');
    await expect(factValue(canvasElement, 'Current Availability')).toHaveTextContent(/^Not set/);
  },
};

/** Capacity 0 is a value, not a missing one. */
export const ZeroCapacity: Story = {
  args: { capacity: 0, firstName: 'Jordan', title: 'Tutor' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Welcome, Jordan!' })).toBeVisible();
    await expect(factValue(canvasElement, 'Capacity')).toHaveTextContent(/^0$/);
  },
};
