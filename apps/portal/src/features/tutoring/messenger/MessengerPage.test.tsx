import { QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { fixtureNow, studentNoah } from '@tutoring/api/mocks/fixtures';
import { HttpResponse, http } from 'msw';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, Outlet, RouterProvider, useHref, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../../auth/authState';
import { ClockContext } from '../../../lib/clock';
import { createQueryClient } from '../../../lib/queryClient';
import { createMockBackend, type MockBackend } from '../../../lib/testing/mockBackend';
import { signedInMaya } from '../../../lib/testing/sessions';
import { createTestServices, withServices } from '../../../lib/testing/testServices';
import { adminSenderLabel } from './MessengerPage';
import { messengerRoutes } from './messengerRoutes';

const auth = vi.hoisted(() => ({ state: { status: 'loading' } as AuthState }));

// The answers are immediate; the margin is for a loaded CI machine.
configure({ asyncUtilTimeout: 5_000 });

/** Maya's chats (the default db): Ana's has date groups relative to the fixtures' clock. */
let backend: MockBackend;
const fixtureClock = () => Date.parse(fixtureNow);

/** What the app's root layout does for ui links: navigate inside the router. */
function LinkRouting() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(path) => void navigate(path)} useHref={useHref}>
      <Outlet />
    </AriaRouterProvider>
  );
}

async function openMessenger(studentId = 'stu-ana') {
  const queryClient = createQueryClient();
  // The product's retry policy, without its back-off waits.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const router = createMemoryRouter(
    [
      {
        Component: LinkRouting,
        children: [
          { path: '/tutoring', element: <p>Tutoring dashboard</p> },
          { path: '/tutoring', children: messengerRoutes },
        ],
      },
    ],
    { initialEntries: [`/tutoring/messenger/${studentId}`] },
  );
  await act(async () => {
    render(
      withServices(
        createTestServices({ auth: () => auth.state, backend }),
        <ClockContext value={fixtureClock}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ClockContext>,
      ),
    );
  });
  return { router, queryClient };
}

async function openLoadedChat() {
  const opened = await openMessenger();
  await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
  return opened;
}

function messageBox() {
  return screen.getByRole('textbox', { name: 'Message to Lucía' }) as HTMLTextAreaElement;
}

function sendButton() {
  return screen.getByRole('button', { name: /^Send/ }) as HTMLButtonElement;
}

function transcript() {
  return screen.getByRole('log', { name: 'Messages with Lucía García' });
}

function type(text: string) {
  fireEvent.change(messageBox(), { target: { value: text } });
}

async function pressEnter(options: { shiftKey?: boolean } = {}) {
  await act(async () => {
    fireEvent.keyDown(messageBox(), { key: 'Enter', code: 'Enter', ...options });
  });
}

async function pressSend() {
  await act(async () => {
    fireEvent.click(sendButton());
  });
}

describe('MessengerPage (/tutoring/messenger/:studentId)', () => {
  beforeEach(() => {
    auth.state = signedInMaya;
    backend = createMockBackend();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(cleanup);

  const loads = () => backend.requestsTo('POST /tutor/messages');
  const sends = () => backend.requestsTo('POST /tutor/send-message');

  it('shows a spinner while the chat loads', async () => {
    backend.hold('POST /tutor/messages');
    await openMessenger();
    expect(screen.getByRole('progressbar', { name: 'Loading the chat' })).toBeTruthy();
    act(() => backend.release('POST /tutor/messages'));
    await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
  });

  it("names the guardian and the student and shows the forwarding number, not the guardian's", async () => {
    await openLoadedChat();
    expect(screen.getByText('Guardian of Ana García')).toBeTruthy();
    expect(screen.getByText('Private forwarding number:').parentElement?.textContent).toContain(
      '+1 (510) 555-0142',
    );
    expect(loads().map((request) => request.body)).toEqual([{ studentId: 'stu-ana' }]);
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/tutoring',
    );
  });

  it("labels guardian messages ('activity') with the guardian's name and others as the admins", async () => {
    await openLoadedChat();
    const items = within(transcript()).getAllByRole('listitem');
    // Ana's conversation in the fixtures: the tutor's, the guardian's and the admins' texts.
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You:Hola, soy Maya/),
      expect.stringMatching(/^Lucía García:Sí, el martes a las 4 está bien\./),
      expect.stringMatching(new RegExp(`^${adminSenderLabel}:Reminder: post-assessments`)),
      expect.stringMatching(/^You:¡Ana trabajó muy bien hoy/),
      expect.stringMatching(new RegExp(`^${adminSenderLabel}:Reminder: sessions on Thanksgiving`)),
      expect.stringMatching(/^You:Hola Lucía, ¿podemos tener una sesión extra/),
      expect.stringMatching(/^Lucía García:¡Gracias! Ana estará lista a las 4\./),
    ]);
    expect(adminSenderLabel).toBe('Volunteer Tutoring Network Admin');
  });

  it('groups messages by date: the full date, a weekday, Yesterday, Today', async () => {
    await openLoadedChat();
    const dateLabels = within(transcript())
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    // On the fixtures' clock (Friday 20 November 2026): 5 November, Tuesday 17, 19 and 20.
    expect(dateLabels).toEqual([
      expect.stringMatching(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/),
      'Tuesday',
      'Yesterday',
      'Today',
    ]);
  });

  it('shows the empty state when there are no messages yet, with the composer ready', async () => {
    backend.db.conversations['stu-ana'] = [];
    await openLoadedChat();
    expect(within(transcript()).getByText('No messages yet.')).toBeTruthy();
    expect(messageBox().disabled).toBe(false);
  });

  it('sends the trimmed text on Enter, shows it, and empties the box', async () => {
    await openLoadedChat();
    type('  See you Thursday!  \n');
    await pressEnter();
    await waitFor(() => expect(messageBox().value).toBe(''));
    expect(sends().map((request) => request.body)).toEqual([
      { studentId: 'stu-ana', message: 'See you Thursday!' },
    ]);
    const last = within(transcript()).getAllByRole('listitem').at(-1);
    expect(last?.textContent).toMatch(/^You:See you Thursday!/);
  });

  it('does not send on Shift+Enter (a new line)', async () => {
    await openLoadedChat();
    type('First line');
    await pressEnter({ shiftKey: true });
    expect(sends()).toEqual([]);
    expect(messageBox().value).toBe('First line');
  });

  it('cannot send empty or whitespace-only text', async () => {
    await openLoadedChat();
    expect(sendButton().disabled).toBe(true);
    type('   \n\t ');
    expect(sendButton().disabled).toBe(true);
    await pressEnter();
    await pressSend();
    expect(sends()).toEqual([]);
    type(' ok ');
    expect(sendButton().disabled).toBe(false);
  });

  it('sends once however often Enter or Send is pressed while a send is in progress', async () => {
    backend.hold('POST /tutor/send-message');
    await openLoadedChat();
    type('Only once');
    await pressEnter();
    await pressEnter();
    await pressSend();
    await pressSend();
    expect(sends()).toHaveLength(1);
    expect(sendButton().getAttribute('aria-disabled') ?? String(sendButton().disabled)).toBe(
      'true',
    );

    await act(async () => backend.release('POST /tutor/send-message'));
    await waitFor(() => expect(messageBox().value).toBe(''));
    expect(sends().map((request) => request.body)).toEqual([
      { studentId: 'stu-ana', message: 'Only once' },
    ]);
    expect(within(transcript()).getAllByText('Only once')).toHaveLength(1);
  });

  it('keeps the text and says so when the provider refuses the text (503), then sends on retry', async () => {
    await openLoadedChat();
    // The SMS provider refuses texts: the server answers 503 UNAVAILABLE.
    backend.db.deliveryStatus = 'failed';
    type('Please keep me');
    await pressEnter();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your message was not sent.');
    expect(alert.textContent).toContain(
      'The text could not be sent. Please try again in a moment.',
    );
    expect(alert.textContent).toContain('Your text is still in the message box');
    expect(messageBox().value).toBe('Please keep me');
    expect(within(transcript()).queryByText('Please keep me')).toBeNull();

    backend.db.deliveryStatus = 'queued';
    await pressSend();
    await waitFor(() => expect(messageBox().value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(transcript()).getByText('Please keep me')).toBeTruthy();
    expect(sends().map((request) => request.status)).toEqual([503, 201]);
  });

  it('keeps the text when the server cannot be reached', async () => {
    await openLoadedChat();
    // A dropped connection is not something the mock server's behaviours express: this test's
    // own handler drops it.
    backend.use(http.post(backend.url('/tutor/send-message'), () => HttpResponse.error()));
    type('Offline text');
    await pressEnter();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The portal could not reach the server.');
    expect(messageBox().value).toBe('Offline text');
  });

  it('inserts an emoji from the picker of 20 into the message', async () => {
    await openLoadedChat();
    type('Great work ');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Insert emoji' }));
    });
    const picker = await screen.findByRole('dialog', { name: 'Emoji' });
    expect(within(picker).getAllByRole('button')).toHaveLength(20);
    await act(async () => {
      fireEvent.click(within(picker).getByRole('button', { name: 'party popper' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull());
    expect(messageBox().value).toContain('🎉');
    expect(messageBox().value).toContain('Great work');
  });

  it("says the chat was not found for another tutor's student (404), asks once, and links back", async () => {
    // Noah is Jordan Lee's student, not Maya's: POST /tutor/messages answers 404.
    const { router } = await openMessenger(studentNoah.id);
    await screen.findByRole('heading', { level: 1, name: 'Chat not found' });
    expect(screen.getByRole('alert').textContent).toContain(
      'This student is not one of your students.',
    );
    expect(screen.queryByRole('log')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loads().map((request) => [request.body, request.status])).toEqual([
      [{ studentId: studentNoah.id }, 404],
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    });
    expect(router.state.location.pathname).toBe('/tutoring');
    expect(screen.getByText('Tutoring dashboard')).toBeTruthy();
  });

  it('offers Try again when the chat cannot be loaded, and then shows it', async () => {
    backend.behaviour['POST /tutor/messages'] = {
      fail: { status: 'INTERNAL', message: 'Something went wrong.' },
    };
    await openMessenger();
    await screen.findByText('The chat could not be loaded.');
    // The first try and the two retries of the product's policy.
    expect(loads()).toHaveLength(3);

    delete backend.behaviour['POST /tutor/messages'];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
    expect(loads()).toHaveLength(4);
  });
});
