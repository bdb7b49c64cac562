import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onboardingTutorSam, trainingEventIds } from '@tutoring/api/mocks/fixtures';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantSession } from '../auth/useApplicantSession';
import { onboardingEmbeds } from '../config/onboardingLinks';
import { onboardingRoutes } from '../features/onboarding/onboardingRoutes';
import type { OnboardingTutor } from '../features/onboarding/onboardingUser';
import { createQueryClient } from '../lib/queryClient';
import { createMockBackend, type MockBackend } from '../testing/mockBackend';
import { createTestServices, withServices } from '../testing/testServices';
import { RootLayout } from './RootLayout';

const auth = vi.hoisted(() => ({
  session: { uid: 'applicant-sam', email: 'sam.rivera@example.com' } as ApplicantSession | null,
}));
vi.mock('../auth/useApplicantSession', () => ({ useApplicantSession: () => auth.session }));

// The pages are lazy routes: the first visit of each transforms its modules, slow on a cold run
// of a busy machine. They are loaded once up front, so no test's time limit pays for that.
const firstRender = { timeout: 10_000 };
vi.setConfig({ testTimeout: 15_000 });
beforeAll(async () => {
  await Promise.all(
    onboardingRoutes
      .flatMap((layout) => [layout, ...(layout.children ?? [])])
      .map((route) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
  );
}, 120_000);

/**
 * Sam Rivera as the fixtures have him, before he signed the waiver: the onboarding chat booked, no
 * task done yet. Each test marks what it needs.
 */
const samBeforeAnyTask: OnboardingTutor = { ...onboardingTutorSam, waiver: false };

let backend: MockBackend;
const applicantRequests = () => backend.requestsTo('POST /onboarding-tutor');

/** The applicant in the mock db, as the server has them now. */
function serverApplicant(): OnboardingTutor {
  if (!backend.db.applicant) throw new Error('The mock db has no applicant.');
  return backend.db.applicant;
}

/** Every client a test made: cleared after it, so no poll outlives it. */
const queryClients: QueryClient[] = [];

function endTest() {
  cleanup();
  for (const client of queryClients.splice(0)) client.clear();
}

/**
 * Opens `path` for Sam with `changes` to his record (null: the server knows no applicant), after
 * `prepare` has set the mock backend's behaviours or holds; `embedSource` stands in for the
 * workbench's embed stand-in.
 */
async function openAt(
  path: string,
  changes: Partial<OnboardingTutor> | null = {},
  prepare?: (backend: MockBackend) => void,
  embedSource?: (providerUrl: string) => string,
) {
  backend = createMockBackend({
    seed: { applicant: changes === null ? null : { ...samBeforeAnyTask, ...changes } },
  });
  prepare?.(backend);
  const queryClient = createQueryClient();
  queryClients.push(queryClient);
  // The product's retry policy, without its back-off waits.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          {
            element: (
              <QueryClientProvider client={queryClient}>
                <Outlet />
              </QueryClientProvider>
            ),
            children: onboardingRoutes,
          },
          { path: '/logout', element: <p>Logout page</p> },
          { path: '/tutoring', element: <p>Tutoring page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(
      withServices(
        createTestServices({ backend, embedSource }),
        <RouterProvider router={router} />,
      ),
    );
  });
  const at = () => router.state.location.pathname;
  return { router, queryClient, at };
}

const main = () => screen.getByRole('main');
/** Waits for the page (its route modules load lazily), then for its title. */
const mainHeading = async (name: string | RegExp) => {
  const heading = await screen.findByRole('heading', { level: 1, name }, firstRender);
  expect(main().contains(heading)).toBe(true);
  return heading;
};

describe('the onboarding layout', () => {
  beforeEach(() => {
    auth.session = { uid: 'applicant-sam', email: 'sam.rivera@example.com' };
  });
  afterEach(endTest);

  it("asks POST /onboarding-tutor for the session's e-mail and shows a spinner until it answers", async () => {
    await openAt('/onboarding', {}, (backend) => backend.hold('POST /onboarding-tutor'));
    expect(
      await screen.findByRole('progressbar', { name: 'Loading your onboarding' }, firstRender),
    ).toBeTruthy();
    await act(async () => backend.release());
    await mainHeading('Welcome, Sam!');
    expect(applicantRequests().map((request) => request.body)).toEqual([
      { email: 'sam.rivera@example.com' },
    ]);
  });

  it('shows the tasks in the sidebar, marked, with the support links, the current step and the user menu', async () => {
    await openAt('/onboarding/waiver', { waiver: true, availability: 'Monday 16:00-18:00' });
    await mainHeading('Waiver');
    const nav = screen.getByRole('navigation', { name: 'Onboarding' });
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/onboarding');
    expect(dashboard.getAttribute('aria-current')).toBeNull();
    const waiver = within(nav).getByRole('link', { name: 'Waiver (Completed)' });
    expect(waiver.getAttribute('href')).toBe('/onboarding/waiver');
    expect(waiver.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Training (Not completed)' })).toBeTruthy();
    expect(
      within(nav).getByRole('link', { name: 'Background Check (Not completed)' }),
    ).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Availability (Completed)' })).toBeTruthy();
    for (const name of [
      'FAQ',
      'Tutor Resources',
      'Meet with Onboarding Support',
      'Contact Onboarding Support',
    ]) {
      const link = within(nav).getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(nav.textContent).toContain('Complete your onboarding tasks');
    expect(nav.textContent).toContain('Stage 1 of 3: Application Accepted');
    expect(within(nav).getByRole('button', { name: /Sam Rivera/ }).textContent).toContain(
      'sam.rivera@example.com',
    );
  });

  it('derives the current step from the status', async () => {
    await openAt('/onboarding/support', { status: 'Ready to Tutor' });
    await mainHeading('Onboarding Support');
    const nav = screen.getByRole('navigation', { name: 'Onboarding' });
    expect(nav.textContent).toContain('Wait to get matched');
    expect(nav.textContent).toContain('Stage 2 of 3: Ready to Tutor');
  });

  it('signs out through /logout from the user menu', async () => {
    const { at } = await openAt('/onboarding/support');
    await mainHeading('Onboarding Support');
    const nav = screen.getByRole('navigation', { name: 'Onboarding' });
    fireEvent.click(within(nav).getByRole('button', { name: /Sam Rivera/ }));
    const menu = await screen.findByRole('dialog', { name: 'Account' });
    await act(async () => {
      fireEvent.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    });
    await waitFor(() => expect(at()).toBe('/logout'));
  });

  it('tells an applicant the server does not know, with the code then the message', async () => {
    // No applicant with this e-mail: POST /onboarding-tutor answers 404.
    await openAt('/onboarding', null);
    const alert = await screen.findByRole('alert', undefined, firstRender);
    expect(alert.textContent).toContain('not-found');
    expect(alert.textContent).toContain('No onboarding applicant with this e-mail.');
    expect(screen.getByRole('heading', { name: 'We cannot find your application' })).toBeTruthy();
    // 404 is final: one request, no retries.
    expect(applicantRequests()).toHaveLength(1);
  });

  it('offers a retry after a server failure, and loads on success', async () => {
    await openAt('/onboarding', {}, (backend) => {
      backend.behaviour['POST /onboarding-tutor'] = {
        fail: { status: 'INTERNAL', message: 'Internal server error.' },
      };
    });
    await screen.findByRole(
      'heading',
      { name: 'Your onboarding could not be loaded' },
      firstRender,
    );
    expect(screen.getByRole('alert').textContent).toContain('internal');
    // The product's policy: two retries for a failure that may pass.
    expect(applicantRequests()).toHaveLength(3);
    delete backend.behaviour['POST /onboarding-tutor'];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await mainHeading('Welcome, Sam!');
  });
});

const iframe = (title: string) => within(main()).getByTitle(title) as HTMLIFrameElement;
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const allDone = {
  waiver: true,
  backgroundCheck: true,
  workbookCompleted: true,
  availability: 'Tuesday 17:00-19:00',
};

describe('the onboarding pages', () => {
  beforeEach(() => {
    auth.session = { uid: 'applicant-sam', email: 'sam.rivera@example.com' };
  });
  afterEach(endTest);

  describe('dashboard', () => {
    it('greets by first name and lists the four tasks with their estimates, links and status', async () => {
      await openAt('/onboarding', { waiver: true });
      await mainHeading('Welcome, Sam!');
      const cards = within(main()).getAllByRole('article');
      expect(
        cards.map((card) => [
          within(card).getByRole('heading').textContent,
          card.textContent?.includes('Not Completed') ? 'Not Completed' : 'Completed',
          within(card).getByRole('link').getAttribute('href'),
        ]),
      ).toEqual([
        ['Waiver', 'Completed', '/onboarding/waiver'],
        ['Training', 'Not Completed', '/onboarding/training'],
        ['Background Check', 'Not Completed', '/onboarding/background-check'],
        ['Availability', 'Not Completed', '/onboarding/availability'],
      ]);
      expect(
        cards.map((card) => card.textContent?.match(/Time estimate: ([^S]+?)(Start|Review)/)?.[1]),
      ).toEqual(['5 minutes', '2 hours', '0.5-1 hour', '5 minutes']);
    });

    it('asks the server again when opened from another page, so a task done elsewhere shows', async () => {
      const { router } = await openAt('/onboarding/background-check');
      await mainHeading('Background Check');
      // Done in another tab a moment after the page loaded: the record is fresh by its age, but
      // not by what it says.
      serverApplicant().backgroundCheck = true;
      await act(async () => {
        await router.navigate('/onboarding');
      });
      await mainHeading('Welcome, Sam!');
      const card = within(main()).getByRole('article', { name: 'Background Check' });
      await waitFor(() => expect(card.textContent).not.toContain('Not Completed'));
      expect(applicantRequests()).toHaveLength(2);
    });

    it("shows 'Onboarding Steps' current and the closing 'Wait to get matched' upcoming", async () => {
      await openAt('/onboarding');
      await mainHeading('Welcome, Sam!');
      const steps = within(main()).getByRole('list', { name: 'Onboarding progress' });
      const items = within(steps)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === steps);
      expect(
        items.map((item) => [
          item.dataset.status,
          within(item).getAllByRole('heading')[0]?.textContent,
        ]),
      ).toEqual([
        ['current', 'Current step: Onboarding Steps'],
        ['pending', 'Upcoming: Wait to get matched'],
      ]);
      expect(screen.queryByRole('dialog', { name: 'Onboarding complete!' })).toBeNull();
    });

    it("completes 'Onboarding Steps' once all four tasks are done", async () => {
      await openAt('/onboarding', allDone);
      await mainHeading('Welcome, Sam!');
      const steps = within(main()).getByRole('list', { name: 'Onboarding progress' });
      expect(
        within(steps).getByRole('heading', { name: 'Completed: Onboarding Steps' }),
      ).toBeTruthy();
      expect(
        within(steps).getByRole('heading', { name: 'Current step: Wait to get matched' }),
      ).toBeTruthy();
    });

    it('sends an applicant without an onboarding chat to book one', async () => {
      const { at } = await openAt('/onboarding', { interviewDate: null });
      await mainHeading('Book your onboarding chat');
      expect(at()).toBe('/onboarding/chat/schedule');
      expect(iframe('Onboarding chat times').src).toContain(
        new URL(onboardingEmbeds.onboardingChatScheduling).pathname,
      );
    });

    it.each(['Ready to Tutor', 'Matched'])(
      "opens 'Onboarding complete!' for the final status %s, with the Tutor Portal steps",
      async (status) => {
        await openAt('/onboarding', { ...allDone, status });
        const popup = await screen.findByRole('dialog', { name: 'Onboarding complete!' });
        expect(popup.textContent).toContain('temporary login');
        expect(popup.textContent).toContain('Reset your password');
        expect(popup.textContent).toContain('@tutoring.example.org');
        expect(
          within(popup).getByRole('link', { name: 'Go to the Tutor Portal' }).getAttribute('href'),
        ).toBe('/tutoring');
        fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
        await waitFor(() =>
          expect(screen.queryByRole('dialog', { name: 'Onboarding complete!' })).toBeNull(),
        );
      },
    );
  });

  describe('waiver', () => {
    it('embeds the waiver form prefilled with first name, last name and e-mail', async () => {
      await openAt('/onboarding/waiver');
      await mainHeading('Waiver');
      const form = iframe('Volunteer waiver form');
      expect(queryOf(form.src)).toMatchObject({
        firstName: 'Sam',
        lastName: 'Rivera',
        email: 'sam.rivera@example.com',
      });
      expect(form.src.startsWith(onboardingEmbeds.waiverForm)).toBe(true);
    });

    it('thanks a signed applicant and shows the six-section agreement under California law', async () => {
      await openAt('/onboarding/waiver', { waiver: true });
      await mainHeading('Waiver');
      expect(within(main()).getByRole('status').textContent).toContain(
        'Thank you for signing the waiver!',
      );
      const agreement = within(main()).getByRole('article', { name: 'Volunteer Tutor Agreement' });
      expect(
        within(agreement)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual([
        '1. Volunteer Tutor',
        '2. Code of Conduct',
        '3. Representations',
        '4. Waiver and Release',
        '5. Indemnification',
        '6. General',
      ]);
      expect(agreement.textContent).toContain('16');
      expect(agreement.textContent).toContain('California');
      expect(within(main()).queryByTitle('Volunteer waiver form')).toBeNull();
    });
  });

  describe('availability', () => {
    it('embeds the own availability form with the tutor ID appended', async () => {
      await openAt('/onboarding/availability');
      await mainHeading('Availability');
      expect(iframe('Weekly availability form').src).toBe(
        'https://forms.example.org/availability?form=onboarding&tutorID=T-0902',
      );
    });

    it('uses the fallback form when the own link is not a valid URL', async () => {
      await openAt('/onboarding/availability', { availabilityForm: 'not a url' });
      await mainHeading('Availability');
      const src = iframe('Weekly availability form').src;
      expect(src.startsWith(onboardingEmbeds.availabilityFallbackForm)).toBe(true);
      expect(queryOf(src)).toEqual({
        recordID: 'onb-sam',
        availability: '',
        type: 'tutor',
        studentCount: '0',
        name: 'Sam',
        tutorID: 'T-0902',
      });
    });

    it('says clearly when there is no form at all', async () => {
      await openAt('/onboarding/availability', { availabilityForm: null, tutorId: '' });
      await mainHeading('Availability');
      expect(within(main()).getByRole('status').textContent).toContain(
        'No availability form exists for your account yet.',
      );
      expect(within(main()).queryByTitle('Weekly availability form')).toBeNull();
    });

    it("opens 'Availability Submitted!' when the server reports it while the page is open", async () => {
      const { queryClient } = await openAt('/onboarding/availability');
      await mainHeading('Availability');
      expect(screen.queryByRole('dialog', { name: 'Availability Submitted!' })).toBeNull();
      serverApplicant().availability = 'Monday 16:00-18:00';
      await act(async () => {
        await queryClient.refetchQueries({ queryKey: ['onboardingUser'] });
      });
      const popup = await screen.findByRole('dialog', { name: 'Availability Submitted!' });
      expect(
        within(popup).getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href'),
      ).toBe('/onboarding');
      const nav = screen.getByRole('navigation', { name: 'Onboarding' });
      expect(within(nav).getByRole('link', { name: 'Availability (Completed)' })).toBeTruthy();
    });

    it('shows no popup to an applicant who arrives with it done', async () => {
      await openAt('/onboarding/availability', { availability: 'Monday 16:00-18:00' });
      await mainHeading('Availability');
      expect(within(main()).getByRole('status').textContent).toContain(
        'Your availability is on file.',
      );
      expect(screen.queryByRole('dialog', { name: 'Availability Submitted!' })).toBeNull();
    });
  });

  describe('training', () => {
    it("offers the 2-hour live session, its dates and 'I can't make any of these dates'", async () => {
      await openAt('/onboarding/training');
      await mainHeading('Training');
      expect(main().textContent).toContain('2-hour live virtual session');
      expect(queryOf(iframe('Live training dates').src)).toMatchObject({
        email: 'sam.rivera@example.com',
        tutorID: 'T-0902',
      });
      expect(
        within(main())
          .getByRole('link', { name: "I can't make any of these dates" })
          .getAttribute('href'),
      ).toBe('/onboarding/async-training');
    });

    it('registers the applicant for the date booked in the widget, from its own origin only', async () => {
      const [eventId] = trainingEventIds;
      const registrations = () => backend.requestsTo('POST /functions/addEventAttendee');
      await openAt('/onboarding/training');
      await mainHeading('Training');
      const post = (origin: string) =>
        act(async () => {
          window.dispatchEvent(
            new MessageEvent('message', {
              origin,
              data: { type: 'scheduling.event_scheduled', eventId },
            }),
          );
        });
      await post('https://elsewhere.example.com');
      expect(registrations()).toEqual([]);
      await post(new URL(onboardingEmbeds.trainingScheduling).origin);
      await within(main()).findByText('We have e-mailed the invitation to sam.rivera@example.com.');
      // One registration, from the widget's own origin (the other message would have come first).
      expect(registrations().map((request) => request.body)).toEqual([{ data: { eventId } }]);
      expect(backend.db.registrations).toEqual([{ eventId, email: 'sam.rivera@example.com' }]);
    });

    it('points an applicant who attended the live training to its knowledge check', async () => {
      await openAt('/onboarding/training', { typeOfTrainingCompleted: true });
      await mainHeading('Training');
      expect(
        within(main())
          .getByRole('link', { name: 'live training knowledge check' })
          .getAttribute('href'),
      ).toBe('/onboarding/live-training/knowledge-check');
    });

    it("shows 'Training Completed' with refreshers and demo-account practice", async () => {
      await openAt('/onboarding/training', { workbookCompleted: true });
      await mainHeading('Training');
      expect(within(main()).getByRole('status').textContent).toContain('Training Completed');
      for (const name of [
        'Watch the recorded training',
        'Join a live training event again',
        'Drop in to office hours',
      ]) {
        expect(
          within(main()).getByRole('link', { name: `${name} (opens in a new tab)` }),
        ).toBeTruthy();
      }
      expect(within(main()).getByRole('heading', { name: 'Math tool' })).toBeTruthy();
      expect(within(main()).getByRole('heading', { name: 'Reading tool' })).toBeTruthy();
      expect(within(main()).queryByTitle('Live training dates')).toBeNull();
    });
  });

  describe('recorded training and knowledge checks', () => {
    it("'Tutoring 101' shows the video and opens the knowledge check in a new tab", async () => {
      await openAt('/onboarding/async-training');
      await mainHeading('Tutoring 101');
      expect(iframe('Tutoring 101 training video').src).toBe(onboardingEmbeds.tutoring101Video);
      expect(main().textContent).toContain(
        'Submitting the knowledge check is required to complete training.',
      );
      const check = within(main()).getByRole('link', { name: /Open the knowledge check/ });
      expect(check.getAttribute('href')).toBe('/onboarding/training/knowledge-check');
      expect(check.getAttribute('target')).toBe('_blank');
    });

    it.each([
      [
        '/onboarding/training/knowledge-check',
        'Tutoring 101 Knowledge Check',
        'asyncknowledgecheck',
      ],
      [
        '/onboarding/live-training/knowledge-check',
        'Live Training Knowledge Check',
        'livetraining',
      ],
    ])(
      '%s embeds the form prefilled with its type and the tutor ID',
      async (path, title, formType) => {
        await openAt(path);
        await mainHeading(title);
        const src = iframe(title).src;
        expect(src.startsWith(onboardingEmbeds.knowledgeCheckForm)).toBe(true);
        expect(queryOf(src)).toMatchObject({ formType, tutorID: 'T-0902' });
      },
    );

    it('knowledge-check-complete congratulates, with the answer key, resources, office hours and the way back', async () => {
      await openAt('/onboarding/knowledge-check-complete');
      await mainHeading('Congratulations!');
      expect(within(main()).getByRole('heading', { name: 'Answer key' })).toBeTruthy();
      expect(
        within(main()).getByRole('heading', { name: 'Extra learning resources' }),
      ).toBeTruthy();
      expect(
        within(main()).getByRole('link', { name: 'Sign up for office hours (opens in a new tab)' }),
      ).toBeTruthy();
      expect(
        within(main()).getByRole('link', { name: 'Return to the dashboard' }).getAttribute('href'),
      ).toBe('/onboarding');
    });
  });

  describe('embedded provider pages', () => {
    /** A stand-in that names the provider page it replaces (the workbench gives one). */
    const standIn = (providerUrl: string) => `about:blank#${encodeURIComponent(providerUrl)}`;

    it.each([
      ['/onboarding/waiver', 'Waiver', 'Volunteer waiver form', /open the waiver form/],
      ['/onboarding/training', 'Training', 'Live training dates', /open the training dates/],
      [
        '/onboarding/training/knowledge-check',
        'Tutoring 101 Knowledge Check',
        'Tutoring 101 Knowledge Check',
        /open the knowledge check/,
      ],
      [
        '/onboarding/availability',
        'Availability',
        'Weekly availability form',
        /open the availability form/,
      ],
      [
        '/onboarding/chat/schedule',
        'Book your onboarding chat',
        'Onboarding chat times',
        /open the booking page/,
      ],
    ])(
      '%s loads its embed from the services, and links to the provider itself',
      async (path, heading, title, linkName) => {
        await openAt(path, {}, undefined, standIn);
        await mainHeading(heading);
        const providerUrl = within(main())
          .getByRole('link', { name: linkName })
          .getAttribute('href');
        expect(providerUrl).toMatch(/^https?:/);
        expect(iframe(title).src).toBe(standIn(providerUrl ?? ''));
      },
    );

    it("loads the 'Tutoring 101' video from the services", async () => {
      await openAt('/onboarding/async-training', {}, undefined, standIn);
      await mainHeading('Tutoring 101');
      expect(iframe('Tutoring 101 training video').src).toBe(
        standIn(onboardingEmbeds.tutoring101Video),
      );
    });
  });

  describe('background check', () => {
    it('shows the two regions as tabs, with three steps for California', async () => {
      await openAt('/onboarding/background-check');
      await mainHeading('Background Check');
      const tabs = within(main()).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Living in or Visiting California',
        'Residents Outside of California',
      ]);
      const panel = within(main()).getByRole('tabpanel');
      expect(
        within(panel)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Print the form', 'Get fingerprinted', 'Wait for your results']);
    });

    it('thanks an applicant whose check has cleared', async () => {
      await openAt('/onboarding/background-check', { backgroundCheck: true });
      await mainHeading('Background Check');
      expect(within(main()).getByRole('status').textContent).toContain(
        'Thank you! Your background check is complete.',
      );
      expect(within(main()).queryByRole('tab')).toBeNull();
    });
  });

  describe('chat, workbook and support', () => {
    it('shows the booked onboarding chat', async () => {
      await openAt('/onboarding/chat');
      await mainHeading('Onboarding Chat');
      expect(within(main()).getByRole('status').textContent).toContain(
        'Your onboarding chat is booked.',
      );
    });

    it('confirms a booking that arrives while the scheduling page is open', async () => {
      const { queryClient } = await openAt('/onboarding/chat/schedule', { interviewDate: null });
      await mainHeading('Book your onboarding chat');
      serverApplicant().interviewDate = '2026-11-20T17:00:00.000Z';
      await act(async () => {
        await queryClient.refetchQueries({ queryKey: ['onboardingUser'] });
      });
      expect((await within(main()).findByRole('status')).textContent).toContain(
        'Your onboarding chat is booked.',
      );
      expect(
        within(main())
          .getByRole('link', { name: 'Continue to your onboarding tasks' })
          .getAttribute('href'),
      ).toBe('/onboarding');
    });

    it('shows the workbook modules completed or not', async () => {
      await openAt('/onboarding/workbook', { workbookCompleted: true });
      await mainHeading('Tutor Workbook');
      const modules = within(main()).getByRole('list', { name: 'Workbook modules' });
      expect(
        within(modules).getByRole('heading', { name: 'Completed: Training and knowledge check' }),
      ).toBeTruthy();
      expect(within(modules).getByRole('heading', { name: 'Upcoming: Availability' })).toBeTruthy();
    });
  });
});
