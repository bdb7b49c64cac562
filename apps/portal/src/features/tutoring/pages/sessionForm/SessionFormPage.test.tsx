import { cleanup, screen } from '@testing-library/react';
import { tutorMaya } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionForm } from '../../../../config/sessionForm';
import { createMockBackend, type MockBackend } from '../../../../testing/mockBackend';
import { signedInMaya } from '../../../../testing/sessions';
import { createTestServices } from '../../../../testing/testServices';
import { renderPage } from '../testing/renderTutoringPage';
import { SessionFormPage } from './SessionFormPage';

/** Maya Chen (the default db) signed in. */
let backend: MockBackend;

const renderSessionForm = () =>
  renderPage(SessionFormPage, {
    routePath: '/tutoring/session-form',
    at: '/tutoring/session-form',
    services: createTestServices({ auth: () => signedInMaya, backend }),
  });

describe('SessionFormPage (session-form)', () => {
  beforeEach(() => {
    backend = createMockBackend();
  });
  afterEach(cleanup);

  it('shows only the spinner until the tutor is known', async () => {
    backend.hold('GET /tutor');
    await renderSessionForm();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Weekly Session Form');
    expect(
      screen.getByRole('progressbar', { name: 'Loading the weekly session form' }),
    ).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('embeds the weekly session form prefilled with the tutor, with its spinner until it loads', async () => {
    await renderSessionForm();
    const frame = await screen.findByTitle('Weekly session form');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe(new URL(sessionForm.url).href);
    expect(src.searchParams.get('tutorID')).toBe(tutorMaya.Tutor_ID);
    expect(src.searchParams.get('firstName')).toBe('Maya');
    expect(src.searchParams.get('lastName')).toBe('Chen');
    expect(src.searchParams.get('email')).toBe(tutorMaya.email);
    expect(
      screen.getByRole('progressbar', { name: 'Loading the weekly session form' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /^Open the form in a new tab/ }).getAttribute('href'),
    ).toBe(src.toString());
  });

  it('still embeds the form, unprefilled, when the tutor cannot be loaded', async () => {
    backend.behaviour['GET /tutor'] = { fail: { status: 'INTERNAL', message: 'Boom' } };
    await renderSessionForm();
    const frame = await screen.findByTitle('Weekly session form');
    expect(frame.getAttribute('src')).toBe(sessionForm.url);
  });
});
