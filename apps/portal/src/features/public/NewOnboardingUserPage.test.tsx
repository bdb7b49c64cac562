import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { existingApplicantEmail, validStepUpToken } from '@tutoring/api/mocks/fixtures';
import { HttpResponse, http } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onboardingSupportLinks } from '../../config/onboardingLinks';
import { createMockBackend, type MockBackend } from '../../testing/mockBackend';
import { callablesSent, createTestServices, withServices } from '../../testing/testServices';
import { NewOnboardingUserPage } from './NewOnboardingUserPage';

const jamieQuery =
  'email=jamie.new%40example.com&First_Name=Jamie&Last_Name=New&phonenum=%28555%29%20010-2000';

/** The mock server's createNewOnboardingUser: it creates Jamie and refuses a known e-mail. */
let backend: MockBackend;
const creations = () => backend.requestsTo('POST /functions/createNewOnboardingUser');
/** The instant sign-in link the mock server answers for a created applicant. */
const instantSignInLink = `/auth?stepupToken=${encodeURIComponent(validStepUpToken)}&returnUrl=%2Fonboarding`;

/** Answers createNewOnboardingUser with `result`, for what the mock server never answers. */
function answerCreation(result: unknown) {
  backend.use(
    http.post(backend.url('/functions/createNewOnboardingUser'), () =>
      HttpResponse.json({ result }),
    ),
  );
}

async function renderAt(search: string, { strict = false } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/new-onboarding-user', Component: NewOnboardingUserPage },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/new-onboarding-user${search}`] },
  );
  const services = createTestServices({ backend });
  const tree = withServices(services, <RouterProvider router={router} />);
  await act(async () => {
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  });
  const at = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, at, services };
}

describe('NewOnboardingUserPage (/new-onboarding-user)', () => {
  beforeEach(() => {
    backend = createMockBackend();
  });
  afterEach(cleanup);

  it('creates the applicant from the query values, showing progress meanwhile', async () => {
    backend.hold('POST /functions/createNewOnboardingUser');
    const { at } = await renderAt(`?${jamieQuery}`);
    await waitFor(() =>
      expect(creations().map((request) => request.body)).toEqual([
        {
          data: {
            email: 'jamie.new@example.com',
            First_Name: 'Jamie',
            Last_Name: 'New',
            phonenum: '(555) 010-2000',
          },
        },
      ]),
    );
    expect(
      screen.getByRole('progressbar', { name: 'Creating your onboarding account' }),
    ).toBeTruthy();
    await act(async () => {
      backend.release('POST /functions/createNewOnboardingUser');
    });
    await waitFor(() => expect(at()).toBe(instantSignInLink));
  });

  it("passes the scheduling service's signature (expires, signature) on unchanged", async () => {
    const signature = 'a'.repeat(64);
    const { at } = await renderAt(`?${jamieQuery}&expires=1774000000&signature=${signature}`);
    await waitFor(() => expect(at()).toBe(instantSignInLink));
    expect(creations().map((request) => request.body)).toEqual([
      {
        data: {
          email: 'jamie.new@example.com',
          First_Name: 'Jamie',
          Last_Name: 'New',
          phonenum: '(555) 010-2000',
          expires: '1774000000',
          signature,
        },
      },
    ]);
  });

  it('follows only the path of an absolute sign-in link, staying on this site', async () => {
    // The mock server answers a path; a server that answers a whole URL is played here.
    answerCreation({ instantSignInLink: 'https://elsewhere.example.com/auth?stepupToken=abc' });
    const { at } = await renderAt(`?${jamieQuery}`);
    await waitFor(() => expect(at()).toBe('/auth?stepupToken=abc'));
  });

  it('calls createNewOnboardingUser once, also under StrictMode', async () => {
    const { at, services } = await renderAt(`?${jamieQuery}`, { strict: true });
    await waitFor(() => expect(at()).toBe(instantSignInLink));
    await act(() => callablesSent(services));
    expect(creations()).toHaveLength(1);
  });

  it("explains 'dup-email' with a button to sign in", async () => {
    // The mock server knows this e-mail already (Sam Rivera's).
    const samQuery = new URLSearchParams({
      email: existingApplicantEmail,
      First_Name: 'Sam',
      Last_Name: 'Rivera',
      phonenum: '(555) 010-2000',
    }).toString();
    const { at } = await renderAt(`?${samQuery}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A tutor with this email already exists.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/auth?email=${encodeURIComponent(existingApplicantEmail)}`,
    );
    expect(screen.queryByRole('heading', { name: 'What you can do' })).toBeNull();
    expect(at()).toBe(`/new-onboarding-user?${samQuery}`);
  });

  it("explains 'invalid-submission', also when the server refuses the request's shape", async () => {
    // A phone number of two digits: the mock server answers type 'invalid-submission'.
    await renderAt(`?${jamieQuery.replace('%28555%29%20010-2000', '12')}`);
    const text =
      'The information submitted was improperly formatted. Please go back and try again.';
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    cleanup();
    backend.behaviour['POST /functions/createNewOnboardingUser'] = {
      fail: { status: 'INVALID_ARGUMENT', message: 'body/data/email must match format "email"' },
    };
    await renderAt(`?${jamieQuery}`);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(creations().map((request) => request.status)).toEqual([200, 400]);
  });

  it('treats missing query values as an improper submission, without calling the server', async () => {
    const { services } = await renderAt(
      '?email=jamie.new%40example.com&First_Name=Jamie&Last_Name=%20%20',
    );
    await act(() => callablesSent(services));
    expect(creations()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(
      'The information submitted was improperly formatted. Please go back and try again.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?email=jamie.new%40example.com',
    );
    cleanup();
    await renderAt('');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  // The mock server answers only the contract's outcomes; the answers outside it (an unknown
  // type, no link, a link that is not http(s)) are played by this test's own handler.
  it.each([
    ['another result type', () => answerCreation({ error: 'Nope.', type: 'rate-limited' })],
    ['a result without a link', () => answerCreation({})],
    [
      'a rejected call',
      () => {
        backend.behaviour['POST /functions/createNewOnboardingUser'] = {
          fail: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests.' },
        };
      },
    ],
    [
      'a link that is not http(s)',
      () => answerCreation({ instantSignInLink: 'javascript:alert(1)' }),
    ],
  ])('for %s says something went wrong, with the extra advice', async (_name, outcome) => {
    outcome();
    await renderAt(`?${jamieQuery}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again.',
    );
    const advice = screen.getByRole('region', { name: 'What you can do' });
    expect(advice.textContent).toContain('request a new sign-in link');
    expect(advice.textContent).toContain('Active tutors');
    expect(screen.getByRole('link', { name: 'Tutor Portal' }).getAttribute('href')).toBe(
      '/tutoring',
    );
    expect(
      screen.getByRole('link', { name: /^Contact onboarding support/ }).getAttribute('href'),
    ).toBe(onboardingSupportLinks.contactOnboardingSupport);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?email=jamie.new%40example.com',
    );
  });
});
