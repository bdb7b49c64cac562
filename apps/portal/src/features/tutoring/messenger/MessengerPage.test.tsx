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
import {
  conversationTranslated,
  fixtureNow,
  messagesByStudentId,
  scenarios,
  studentNoah,
  studentSpanishAtTenDays,
} from '@tutoring/api/mocks/fixtures';
import { HttpResponse, http } from 'msw';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, Outlet, RouterProvider, useHref, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClockContext } from '../../../lib/clock';
import { createQueryClient } from '../../../lib/queryClient';
import type { AuthState } from '../../../lib/services/sessionState';
import { createMockBackend, type MockBackend } from '../../../testing/mockBackend';
import { signedInMaya } from '../../../testing/sessions';
import { createTestServices, withServices } from '../../../testing/testServices';
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

  describe('delivery receipts', () => {
    /** Ana's chat: the tutor's 'sesión extra' text (msg-ana-6) was not delivered. */
    const undeliveredText = messagesByStudentId['stu-ana'][5]?.body ?? '';
    const retries = () => backend.requestsTo('POST /tutor/retry-message');

    beforeEach(() => {
      const text = backend.db.conversations['stu-ana']?.find((m) => m.id === 'msg-ana-6');
      if (text) text.deliveryStatus = 'undelivered';
    });

    // A focused button that turns pending is announced through react-aria's live announcer, a
    // role="log" node it adds to the body and keeps: take it away, so the next test's page is
    // the only log on the screen.
    afterEach(() => {
      for (const node of document.querySelectorAll('[data-live-announcer]')) node.remove();
    });

    function messageItem(text: string) {
      const item = within(transcript()).getByText(text).closest('li');
      if (!item) throw new Error(`No message '${text}'`);
      return item;
    }

    function retryButton() {
      // While pending, the button's name also carries its spinner's ('Retrying').
      return within(messageItem(undeliveredText)).getByRole('button', {
        name: /^Retry sending: Hola Lucía, ¿podemos tener una sesión…/,
      });
    }

    it("shows 'Delivered' under the tutor's delivered texts, and nothing under the guardian's", async () => {
      await openLoadedChat();
      const delivered = messageItem(
        '¡Ana trabajó muy bien hoy comparando fracciones! La próxima vez: sumar fracciones.',
      );
      expect(within(delivered).getByText('Delivered')).toBeTruthy();
      expect(within(delivered).queryByRole('button')).toBeNull();
      const guardian = messageItem('¡Gracias! Ana estará lista a las 4.');
      expect(within(guardian).queryByText(/Delivered/)).toBeNull();
    });

    it("shows 'Not delivered' and a Retry button naming the text for an undelivered text", async () => {
      await openLoadedChat();
      const item = messageItem(undeliveredText);
      expect(within(item).getByText('Not delivered')).toBeTruthy();
      expect(within(item).queryByText('Delivered')).toBeNull();
      expect(retryButton().textContent).toBe('Retry');
      expect(retryButton().getAttribute('aria-label')).toBe(
        'Retry sending: Hola Lucía, ¿podemos tener una sesión…',
      );
      // Only the undelivered text offers Retry.
      expect(within(transcript()).getAllByRole('button')).toHaveLength(1);
    });

    it('sends one retry however often Retry is pressed, then shows the new status', async () => {
      backend.hold('POST /tutor/retry-message');
      await openLoadedChat();
      // The provider takes the text this time.
      backend.db.deliveryStatus = 'sent';
      await act(async () => {
        fireEvent.click(retryButton());
        fireEvent.click(retryButton());
      });
      await act(async () => {
        fireEvent.click(retryButton());
      });
      expect(retries().map((request) => request.body)).toEqual([{ messageId: 'msg-ana-6' }]);
      expect(retryButton().getAttribute('aria-disabled')).toBe('true');
      expect(retryButton().textContent).toContain('Retrying');

      await act(async () => backend.release('POST /tutor/retry-message'));
      const item = messageItem(undeliveredText);
      await waitFor(() => expect(within(item).queryByText('Not delivered')).toBeNull());
      expect(within(item).queryByRole('button')).toBeNull();
      expect(retries().map((request) => request.status)).toEqual([200]);
      expect(backend.db.conversations['stu-ana']?.[5]?.deliveryStatus).toBe('sent');
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it("says so and keeps 'Not delivered' when the provider refuses the text again (503)", async () => {
      await openLoadedChat();
      backend.db.deliveryStatus = 'failed';
      await act(async () => {
        fireEvent.click(retryButton());
      });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Your message was not sent again.');
      expect(alert.textContent).toContain(
        'The text could not be sent. Please try again in a moment.',
      );
      expect(retries().map((request) => request.status)).toEqual([503]);
      // The conversation is asked for again, and the server now reports the text 'failed'.
      await waitFor(() =>
        expect(
          loads().filter((request) => request.status === 200 || request.status === 304).length,
        ).toBeGreaterThanOrEqual(2),
      );
      expect(within(messageItem(undeliveredText)).getByText('Not delivered')).toBeTruthy();
      await waitFor(() => expect(retryButton().getAttribute('aria-disabled')).toBeNull());

      // The provider takes it on the next try: the notice and the status go.
      backend.db.deliveryStatus = 'queued';
      await act(async () => {
        fireEvent.click(retryButton());
      });
      await waitFor(() => expect(screen.queryByText('Not delivered')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
    });

    /** Where Tab goes from `from`: the next element in document order that takes focus. */
    function nextTabStop(from: Element) {
      const candidates = document.querySelectorAll<HTMLElement>(
        'a[href], button, input, textarea, select, [tabindex]',
      );
      return [...candidates].find(
        (element) =>
          from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING &&
          element.tabIndex >= 0 &&
          !(element as HTMLButtonElement).disabled,
      );
    }

    async function pressKey(element: HTMLElement, key: 'Enter' | ' ') {
      const code = key === ' ' ? 'Space' : 'Enter';
      await act(async () => {
        fireEvent.keyDown(element, { key, code });
        fireEvent.keyUp(element, { key, code });
      });
    }

    it('reaches Retry with Tab from the transcript and presses it with Enter, once', async () => {
      backend.hold('POST /tutor/retry-message');
      await openLoadedChat();
      // The transcript is a tab stop; the only control inside it is the Retry button.
      expect(nextTabStop(transcript())).toBe(retryButton());
      act(() => retryButton().focus());
      await pressKey(retryButton(), 'Enter');
      expect(retries()).toHaveLength(1);
      // A second press on the pending button sends nothing more.
      await pressKey(retryButton(), ' ');
      await pressKey(retryButton(), 'Enter');
      await act(async () => backend.release('POST /tutor/retry-message'));
      await waitFor(() => expect(screen.queryByText('Not delivered')).toBeNull());
      expect(retries()).toHaveLength(1);
      // The button went with the status: focus is back on the transcript, not lost.
      expect(document.activeElement).toBe(transcript());
    });

    it('presses Retry with Space', async () => {
      await openLoadedChat();
      act(() => retryButton().focus());
      await pressKey(retryButton(), ' ');
      await waitFor(() => expect(screen.queryByText('Not delivered')).toBeNull());
      expect(retries().map((request) => request.body)).toEqual([{ messageId: 'msg-ana-6' }]);
    });
  });

  describe("a family that reads another language (Carla's: Spanish, translated)", () => {
    const carla = studentSpanishAtTenDays.id;
    const translatedNotice =
      "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.";
    const retries = () => backend.requestsTo('POST /tutor/retry-message');
    const asWritten = () => backend.requestsTo('POST /tutor/send-message-as-written');

    beforeEach(() => {
      backend = createMockBackend({ seed: scenarios.familyTranslated });
    });

    afterEach(() => {
      for (const node of document.querySelectorAll('[data-live-announcer]')) node.remove();
    });

    async function openCarlasChat() {
      await openMessenger(carla);
      await screen.findByRole('heading', { level: 1, name: 'Chat with Rosa Reyes' });
    }

    const carlasTranscript = () => screen.getByRole('log', { name: 'Messages with Rosa Reyes' });
    const carlasBox = () =>
      screen.getByRole('textbox', { name: 'Message to Rosa' }) as HTMLTextAreaElement;

    function itemOf(text: string) {
      const item = within(carlasTranscript()).getByText(text).closest('li');
      if (!item) throw new Error(`No message '${text}'`);
      return item;
    }

    /** Whether the element, or a panel around it, is hidden (a closed disclosure). */
    const isHidden = (element: Element) => element.closest('[hidden]') !== null;

    async function press(button: HTMLElement) {
      await act(async () => {
        fireEvent.click(button);
      });
    }

    async function sendInCarlasChat(text: string) {
      fireEvent.change(carlasBox(), { target: { value: text } });
      await act(async () => {
        fireEvent.keyDown(carlasBox(), { key: 'Enter', code: 'Enter' });
      });
      await waitFor(() => expect(carlasBox().value).toBe(''));
    }

    it('says the messages are translated both ways', async () => {
      await openCarlasChat();
      expect(screen.getByText(translatedNotice)).toBeTruthy();
    });

    it("shows the tutor's own words, 'Sent in Spanish', and what the family received one press away", async () => {
      await openCarlasChat();
      const [first] = conversationTranslated;
      const item = itemOf(first?.body ?? '');
      expect(within(item).getByText('Sent in Spanish')).toBeTruthy();
      const received = within(item).getByText(first?.translation?.text ?? '');
      expect(isHidden(received)).toBe(true);

      const show = within(item).getByRole('button', { name: 'Show what the family received' });
      expect(show.getAttribute('aria-expanded')).toBe('false');
      await press(show);
      expect(isHidden(received)).toBe(false);
      expect(received.getAttribute('lang')).toBe('es');
      const hide = within(item).getByRole('button', { name: 'Hide what the family received' });
      expect(hide.getAttribute('aria-expanded')).toBe('true');
      await press(hide);
      expect(isHidden(received)).toBe(true);
    });

    it("shows a reply's English, 'Translated from Spanish', and the original one press away", async () => {
      await openCarlasChat();
      const reply = conversationTranslated.at(-1);
      const item = itemOf(reply?.translation?.text ?? '');
      expect(item.textContent).toMatch(
        /^Rosa Reyes:Thank you, Maya! She told us the whole story\./,
      );
      expect(within(item).getByText('Translated from Spanish')).toBeTruthy();
      const original = within(item).getByText(reply?.body ?? '');
      expect(isHidden(original)).toBe(true);
      await press(within(item).getByRole('button', { name: 'Show original' }));
      expect(isHidden(original)).toBe(false);
      expect(original.getAttribute('lang')).toBe('es');
      expect(within(item).getByRole('button', { name: 'Hide original' })).toBeTruthy();
    });

    it('sends a text translated: the chat shows it with what the family received', async () => {
      await openCarlasChat();
      await sendInCarlasChat('See you Monday at 4!');
      const item = itemOf('See you Monday at 4!');
      expect(within(item).getByText('Sent in Spanish')).toBeTruthy();
      expect(within(item).getByText('¡Nos vemos el lunes a las 4!').getAttribute('lang')).toBe(
        'es',
      );
    });

    it('estimates how many texts a long message goes out as once translated', async () => {
      await openCarlasChat();
      const short = 'a'.repeat(56);
      fireEvent.change(carlasBox(), { target: { value: short } });
      expect(screen.queryByText(/will go out as/)).toBeNull();
      fireEvent.change(carlasBox(), { target: { value: 'a'.repeat(108) } });
      expect(screen.getByText('In Spanish this will go out as about 3 texts.')).toBeTruthy();
      // Read with the field, not announced on every keystroke.
      const describedBy = carlasBox().getAttribute('aria-describedby') ?? '';
      const description = describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      expect(description).toContain('In Spanish this will go out as about 3 texts.');
    });

    describe('when the text cannot be translated', () => {
      const text = 'Carla did great today.';
      const notSent = 'Not sent: it could not be translated into Spanish.';
      const retryButton = () =>
        within(itemOf(text)).getByRole('button', {
          name: /^Retry sending: Carla did great today\./,
        });
      const asWrittenButton = () =>
        within(itemOf(text)).getByRole('button', {
          name: /^Send as written: Carla did great today\./,
        });

      beforeEach(() => {
        backend.db.translationFails = true;
      });

      it('keeps it in the chat, not sent, with Retry and Send as written; the box is cleared', async () => {
        await openCarlasChat();
        await sendInCarlasChat(text);
        const item = itemOf(text);
        expect(within(item).getByText(notSent)).toBeTruthy();
        expect(within(item).queryByText('Sent in Spanish')).toBeNull();
        expect(retryButton().textContent).toBe('Retry');
        expect(asWrittenButton().textContent).toBe('Send as written');
        expect(screen.queryByRole('alert')).toBeNull();
      });

      it('sends it as written once, however often it is pressed, and not beside a Retry', async () => {
        backend.hold('POST /tutor/send-message-as-written');
        await openCarlasChat();
        await sendInCarlasChat(text);
        act(() => asWrittenButton().focus());
        await act(async () => {
          fireEvent.click(asWrittenButton());
          fireEvent.click(asWrittenButton());
        });
        await press(asWrittenButton());
        await press(retryButton());
        const id = backend.db.conversations[carla]?.at(-1)?.id;
        expect(asWritten().map((request) => request.body)).toEqual([{ messageId: id }]);
        expect(retries()).toEqual([]);
        expect(asWrittenButton().getAttribute('aria-disabled')).toBe('true');
        expect(asWrittenButton().textContent).toContain('Sending');

        await act(async () => backend.release('POST /tutor/send-message-as-written'));
        const item = itemOf(text);
        await waitFor(() => expect(within(item).queryByText(notSent)).toBeNull());
        expect(within(item).queryByRole('button')).toBeNull();
        expect(backend.db.conversations[carla]?.at(-1)?.deliveryStatus).toBe('queued');
        expect(asWritten()).toHaveLength(1);
        // Focus went back to the transcript with the buttons, not lost.
        expect(document.activeElement).toBe(carlasTranscript());
      });

      it('retries the translation: still failing, it says so; then it goes translated', async () => {
        await openCarlasChat();
        await sendInCarlasChat(text);
        await press(retryButton());
        expect(
          await screen.findByText('Your message could not be translated this time either.'),
        ).toBeTruthy();
        expect(within(itemOf(text)).getByText(notSent)).toBeTruthy();
        expect(retries().map((request) => request.status)).toEqual([200]);

        backend.db.translationFails = false;
        await waitFor(() => expect(retryButton().getAttribute('aria-disabled')).toBeNull());
        await press(retryButton());
        await waitFor(() => expect(within(itemOf(text)).queryByText(notSent)).toBeNull());
        expect(within(itemOf(text)).getByText('Sent in Spanish')).toBeTruthy();
        expect(
          screen.queryByText('Your message could not be translated this time either.'),
        ).toBeNull();
        expect(asWritten()).toEqual([]);
      });

      it("says so when the provider refuses it as written (503): 'Not delivered', with Retry", async () => {
        await openCarlasChat();
        await sendInCarlasChat(text);
        backend.db.deliveryStatus = 'failed';
        await press(asWrittenButton());
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain('Your message was not sent.');
        expect(alert.textContent).toContain(
          'The text could not be sent. Please try again in a moment.',
        );
        expect(alert.textContent).toContain("It is marked 'Not delivered' in the chat");
        expect(asWritten().map((request) => request.status)).toEqual([503]);
        await waitFor(() => expect(within(itemOf(text)).getByText('Not delivered')).toBeTruthy());
        expect(within(itemOf(text)).queryByText(notSent)).toBeNull();
        expect(retryButton()).toBeTruthy();
        expect(within(itemOf(text)).queryByRole('button', { name: /^Send as written/ })).toBeNull();
      });
    });
  });

  describe("the family's language notice", () => {
    it("says texts go out exactly as written when the server does not translate (Ana's)", async () => {
      await openLoadedChat();
      expect(
        screen.getByText(
          "This family's language is Spanish. Messages are sent exactly as you write them.",
        ),
      ).toBeTruthy();
      expect(screen.queryByText(/translated/)).toBeNull();
      // No estimate either: the text goes out as typed.
      type('a'.repeat(200));
      expect(screen.queryByText(/will go out as/)).toBeNull();
    });

    it('is not there for an English-speaking family', async () => {
      await openMessenger('stu-liam');
      await screen.findByRole('heading', { level: 1, name: 'Chat with Grace Okafor' });
      expect(screen.queryByText(/language is/)).toBeNull();
    });
  });

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
