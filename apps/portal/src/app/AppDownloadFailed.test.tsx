import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDownloadFailed } from './AppDownloadFailed';

afterEach(cleanup);

describe('AppDownloadFailed', () => {
  it('says the page did not load and offers a reload of this address and the way home', () => {
    window.history.replaceState(null, '', '/tutoring?tab=students');
    render(<AppDownloadFailed />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This page could not be loaded',
    );
    expect(screen.getByRole('link', { name: 'Reload the page' }).getAttribute('href')).toBe(
      window.location.href,
    );
    expect(window.location.href).toMatch(/\/tutoring\?tab=students$/);
    expect(screen.getByRole('link', { name: 'return to home' }).getAttribute('href')).toBe('/');
  });
});
