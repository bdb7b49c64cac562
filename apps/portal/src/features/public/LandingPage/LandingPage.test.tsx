import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { externalLinks } from '../../../config/externalLinks';
import { organisation } from '../../../config/organisation';
import { LandingPage } from './LandingPage';

afterEach(cleanup);

/** Rendered on its own, as src/main.tsx does at '/': no router, no react-aria provider. */
function renderLandingPage() {
  return render(<LandingPage />);
}

function expectNewTab(link: HTMLElement, href: string) {
  expect(link.getAttribute('href')).toBe(href);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
}

describe('LandingPage', () => {
  it('shows the student card with the student portal, opening in a new tab (§1)', () => {
    renderLandingPage();
    const card = screen.getByRole('region', { name: 'Are you a student?' });
    expect(card.textContent).toContain(
      'Sign in with your tutoring code to reach the student portal.',
    );
    expectNewTab(
      within(card).getByRole('link', { name: 'Go to the Student Portal (opens in a new tab)' }),
      externalLinks.studentPortal,
    );
  });

  it('shows the tutor card: the Tutor Portal in the app, and the two applications (§1)', () => {
    renderLandingPage();
    const card = screen.getByRole('region', { name: 'Already a tutor?' });
    expect(card.textContent).toContain(`organisation e-mail (@${organisation.domain})`);
    const tutorPortal = within(card).getByRole('link', { name: 'Go to the Tutor Portal' });
    expect(tutorPortal.getAttribute('href')).toBe('/tutoring');
    expect(tutorPortal.hasAttribute('target')).toBe(false);
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Not a tutor yet?');
    expectNewTab(
      within(card).getByRole('link', { name: 'Volunteer tutor application (opens in a new tab)' }),
      externalLinks.volunteerTutorApplication,
    );
    expectNewTab(
      within(card).getByRole('link', { name: 'Student application (opens in a new tab)' }),
      externalLinks.studentApplication,
    );
  });

  it('links to the Report an Issue form from the main content', () => {
    renderLandingPage();
    expectNewTab(
      within(screen.getByRole('main')).getByRole('link', {
        name: 'Report an Issue (opens in a new tab)',
      }),
      externalLinks.reportIssueForm,
    );
  });

  it('ends with the footer: the copyright line and the three social links', () => {
    renderLandingPage();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${organisation.name}`);
    const social = within(within(footer).getByRole('navigation', { name: 'Social media' }));
    externalLinks.socialLinks.forEach((link) => {
      expectNewTab(
        social.getByRole('link', { name: `${link.label} (opens in a new tab)` }),
        link.href,
      );
    });
    expect(social.getAllByRole('link')).toHaveLength(3);
  });

  it('has one h1 and a heading for each card', () => {
    renderLandingPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Welcome to the Tutoring Portal',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Are you a student?',
      'Already a tutor?',
    ]);
  });

  it('renders plain anchors, without react-aria (the landing route budget leaves no room for it)', () => {
    const { container } = renderLandingPage();
    expect(container.querySelectorAll('[data-rac]')).toHaveLength(0);
    expect(container.querySelectorAll('a')).toHaveLength(8);
  });
});
