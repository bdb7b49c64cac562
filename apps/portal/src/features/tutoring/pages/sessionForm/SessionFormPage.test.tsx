import { cleanup, screen } from '@testing-library/react';
import { tutorMaya } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionForm } from '../../../../config/sessionForm';
import { createTestServices } from '../../../../lib/testing/testServices';
import { renderPage, signedInMaya, tutorAnswer, tutorFailure } from '../testing/renderTutoringPage';
import { SessionFormPage } from './SessionFormPage';

const mocks = vi.hoisted(() => ({
  auth: { state: { status: 'loading' } as import('../../../../auth/authState').AuthState },
  getTutor: vi.fn(),
}));

const renderSessionForm = () =>
  renderPage(SessionFormPage, {
    routePath: '/tutoring/session-form',
    at: '/tutoring/session-form',
    services: createTestServices({
      auth: () => mocks.auth.state,
      api: { GET: mocks.getTutor, POST: vi.fn() },
    }),
  });

describe('SessionFormPage (session-form)', () => {
  beforeEach(() => {
    mocks.auth.state = signedInMaya;
    mocks.getTutor.mockReset();
  });
  afterEach(cleanup);

  it('shows only the spinner until the tutor is known', async () => {
    mocks.getTutor.mockReturnValue(new Promise(() => undefined));
    await renderSessionForm();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Weekly Session Form');
    expect(
      screen.getByRole('progressbar', { name: 'Loading the weekly session form' }),
    ).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('embeds the weekly session form prefilled with the tutor, with its spinner until it loads', async () => {
    mocks.getTutor.mockResolvedValue(tutorAnswer(tutorMaya));
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
    mocks.getTutor.mockResolvedValue(tutorFailure(500, 'INTERNAL', 'Boom'));
    await renderSessionForm();
    const frame = await screen.findByTitle('Weekly session form');
    expect(frame.getAttribute('src')).toBe(sessionForm.url);
  });
});
