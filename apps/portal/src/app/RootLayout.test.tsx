import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link } from '@tutoring/ui/components/Link/Link';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RootLayout } from './RootLayout';

async function renderLinks() {
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          {
            path: '/',
            element: (
              <>
                <Link href="https://students.example.org/portal" external>
                  Student Portal
                </Link>
                <Link href="/tutoring?tab=students">Tutor Portal</Link>
              </>
            ),
          },
          { path: '/tutoring', element: <p>Tutoring page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

describe('RootLayout links', () => {
  afterEach(cleanup);

  it('keeps an absolute URL as it is', async () => {
    await renderLinks();
    expect(screen.getByRole('link', { name: /Student Portal/ }).getAttribute('href')).toBe(
      'https://students.example.org/portal',
    );
  });

  it('navigates in-app links through the router, without a page load', async () => {
    const router = await renderLinks();
    const link = screen.getByRole('link', { name: 'Tutor Portal' });
    expect(link.getAttribute('href')).toBe('/tutoring?tab=students');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/tutoring?tab=students',
    );
    expect(screen.getByText('Tutoring page')).toBeTruthy();
  });
});
