import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { RouteErrorPage } from './RouteErrorPage';

afterEach(() => {
  vi.restoreAllMocks();
});

test('a route that throws shows the server-error page of §8 with the Popular pages', async () => {
  // React reports the caught render error on the console; the page is what matters here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  function Broken(): never {
    throw new Error('chunk failed to load');
  }
  const router = createMemoryRouter([
    { path: '/', Component: Broken, ErrorBoundary: RouteErrorPage },
  ]);
  render(<RouterProvider router={router} />);

  expect(await screen.findByRole('heading', { level: 1, name: 'Server Error' })).toBeTruthy();
  expect(
    screen.getByText('Oops! Something went wrong on our end. Please try again later.'),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: /onboarding/i }).getAttribute('href')).toBe(
    '/onboarding',
  );
  expect(screen.getByRole('link', { name: /tutoring/i }).getAttribute('href')).toBe('/tutoring');
});
