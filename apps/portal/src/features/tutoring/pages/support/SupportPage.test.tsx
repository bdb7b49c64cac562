import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServices } from '../../../../testing/testServices';
import { renderPage } from '../testing/renderTutoringPage';
import { SupportPage } from './SupportPage';

describe('SupportPage (support)', () => {
  afterEach(cleanup);

  it('shows three groups of external links: 1-on-1 Support, Resources, Match Support', async () => {
    await renderPage(SupportPage, {
      routePath: '/tutoring/support',
      at: '/tutoring/support',
      services: createTestServices(),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Support');
    const groups = screen.getAllByRole('region');
    expect(groups.map((group) => group.querySelector('h2')?.textContent)).toEqual([
      '1-on-1 Support',
      'Resources',
      'Match Support',
    ]);
    for (const group of groups) {
      const links = within(group).getAllByRole('link');
      expect(links.length).toBeGreaterThanOrEqual(3);
      for (const link of links) {
        const href = link.getAttribute('href') ?? '';
        if (href.startsWith('mailto:')) {
          expect(href).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
          expect(link.getAttribute('target')).toBeNull();
        } else {
          expect(href).toMatch(/^https:\/\//);
          expect(link.getAttribute('target')).toBe('_blank');
          expect(link.getAttribute('rel')).toBe('noopener noreferrer');
        }
      }
    }
    expect(
      within(groups[0] as HTMLElement).getByRole('link', { name: /^Sign Up for Office Hours/ }),
    ).toBeTruthy();
    expect(
      within(groups[2] as HTMLElement).getByRole('link', { name: /^Request a Sub/ }),
    ).toBeTruthy();
  });
});
