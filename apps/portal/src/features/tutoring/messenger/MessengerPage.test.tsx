import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import { messageDraftKey } from '../../../lib/messageDrafts';
import { createQueryClient } from '../../../lib/queryClient';
import type { AuthState } from '../../../lib/services/sessionState';
import { createMockBackend, type MockBackend } from '../../../testing/mockBackend';
import { signedInMaya } from '../../../testing/sessions';
import { createTestServices, withServices } from '../../../testing/testServices';
import { tutorQueryKey } from '../useTutorQuery';
import { adminSenderLabel, offlineNoticeText, waitingForNetworkText } from './MessengerPage';
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

async function openMessenger(
  studentId = 'stu-ana',
  { beforeRender }: { beforeRender?: (queryClient: QueryClient) => void } = {},
) {
  const queryClient = createQueryClient();
  // The product's retry policy, without its back-off waits.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  beforeRender?.(queryClient);
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

/** What the chat's one live region has told a screen reader, oldest first. */
function announced(): string[] {
  const region = screen.getByRole('status', { name: 'Chat updates' });
  return Array.from(region.querySelectorAll('p'), (line) => line.textContent ?? '');
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
    // The drafts an earlier test left on the device (issue 39).
    localStorage.clear();
  });

  afterEach(() => {
    cleanup();
    onlineManager.setOnline(true);
  });

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
      // The outcome is announced once, by the chat's status announcement; the notice explains it
      // without being a second live region.
      const notice = (await screen.findByText('Your message was not sent again.')).parentElement;
      expect(notice?.textContent).toContain(
        'The text could not be sent. Please try again in a moment.',
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(retries().map((request) => request.status)).toEqual([503]);
      // The conversation is asked for again, and the server now reports the text 'failed',
      // blocked by the carrier as spam (the mock provider's code for a failed text, 30007).
      await waitFor(() =>
        expect(
          loads().filter((request) => request.status === 200 || request.status === 304).length,
        ).toBeGreaterThanOrEqual(2),
      );
      await waitFor(() =>
        expect(
          within(messageItem(undeliveredText)).getByText(
            'Not delivered: the carrier blocked it as spam',
          ),
        ).toBeTruthy(),
      );
      await waitFor(() => expect(retryButton().getAttribute('aria-disabled')).toBeNull());
      expect(announced().filter((line) => line.startsWith('Not delivered'))).toHaveLength(1);

      // The provider takes it on the next try: the notice and the status go.
      backend.db.deliveryStatus = 'queued';
      await act(async () => {
        fireEvent.click(retryButton());
      });
      await waitFor(() => expect(within(transcript()).queryByText(/^Not delivered/)).toBeNull());
      expect(screen.queryByText('Your message was not sent again.')).toBeNull();
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
      // The box empties at once; the text is in the chat, 'Sending…', until the server answers.
      expect(carlasBox().value).toBe('');
      await waitFor(() => expect(within(carlasTranscript()).queryByText('Sending…')).toBeNull());
    }

    it("says the messages are translated both ways, one press away from the chat's line", async () => {
      await openCarlasChat();
      expect(screen.getByText('Spanish, translated')).toBeTruthy();
      expect(screen.queryByText(translatedNotice)).toBeNull();
      await press(screen.getByRole('button', { name: 'About this chat' }));
      const about = await screen.findByRole('dialog', { name: 'About this chat' });
      expect(within(about).getByText(translatedNotice)).toBeTruthy();
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
          name: /^Send in English as written: Carla did great today\./,
        });

      beforeEach(() => {
        backend.db.translationFails = true;
      });

      it('keeps it in the chat, not sent, with Retry and Send in English; the box is cleared', async () => {
        await openCarlasChat();
        await sendInCarlasChat(text);
        const item = itemOf(text);
        expect(within(item).getByText(notSent)).toBeTruthy();
        expect(within(item).queryByText('Sent in Spanish')).toBeNull();
        expect(retryButton().textContent).toBe('Retry');
        // The button names the language it sends in.
        expect(asWrittenButton().textContent).toBe('Send in English');
        expect(screen.queryByRole('alert')).toBeNull();
        expect(announced()).toEqual([
          'Not sent: it could not be translated into Spanish — “Carla did great today.”',
        ]);
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
        await waitFor(() => expect(within(item).queryByRole('button')).toBeNull());
        expect(within(item).queryByText(notSent)).toBeNull();
        expect(backend.db.conversations[carla]?.at(-1)?.deliveryStatus).toBe('queued');
        expect(asWritten()).toHaveLength(1);
        // It says how it went: in the tutor's own words, not as a translated text.
        expect(within(item).getByText('Sent in English, as written')).toBeTruthy();
        expect(within(item).getByText('Sent')).toBeTruthy();
        expect(within(item).queryByText('Sent in Spanish')).toBeNull();
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
        await waitFor(() =>
          expect(within(itemOf(text)).queryByRole('button', { name: /^Retry/ })).toBeNull(),
        );
        expect(within(itemOf(text)).queryByText(notSent)).toBeNull();
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
        const notice = (await screen.findByText('Your message was not sent.')).parentElement;
        expect(notice?.textContent).toContain(
          'The text could not be sent. Please try again in a moment.',
        );
        expect(notice?.textContent).toContain("It is marked 'Not delivered' in the chat");
        expect(asWritten().map((request) => request.status)).toEqual([503]);
        await waitFor(() =>
          expect(
            within(itemOf(text)).getByText('Not delivered: the carrier blocked it as spam'),
          ).toBeTruthy(),
        );
        expect(within(itemOf(text)).queryByText(notSent)).toBeNull();
        expect(retryButton()).toBeTruthy();
        expect(within(itemOf(text)).queryByRole('button', { name: /^Send in English/ })).toBeNull();
        // Announced once each: not sent, then not delivered; the notice is not a live region.
        expect(announced()).toEqual([
          'Not sent: it could not be translated into Spanish — “Carla did great today.”',
          'Not delivered: the carrier blocked it as spam — “Carla did great today.”',
        ]);
        expect(screen.queryByRole('alert')).toBeNull();
      });
    });
  });

  describe("the family's language notice", () => {
    it("says texts go out exactly as written when the server does not translate (Ana's)", async () => {
      await openLoadedChat();
      expect(screen.getByText('Spanish, sent as written')).toBeTruthy();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'About this chat' }));
      });
      const about = await screen.findByRole('dialog', { name: 'About this chat' });
      expect(
        within(about).getByText(
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
    // On the chat's one compact line: the private number, and the family's language.
    const number = screen.getByText('+1 (510) 555-0142');
    expect(number.parentElement?.textContent).toBe('Private number +1 (510) 555-0142');
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
    expect(alert.textContent).toContain('Your text is back in the message box');
    expect(messageBox().value).toBe('Please keep me');
    expect(within(transcript()).queryByText('Please keep me')).toBeNull();

    backend.db.deliveryStatus = 'queued';
    await pressSend();
    await waitFor(() => expect(messageBox().value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(transcript()).getByText('Please keep me')).toBeTruthy();
    expect(sends().map((request) => request.status)).toEqual([503, 201]);
  });

  it('says which sending limit was reached and keeps the text (429)', async () => {
    await openLoadedChat();
    const reason = 'You have reached the limit of 200 texts a day. You can send again in 5 hours.';
    backend.use(
      http.post(backend.url('/tutor/send-message'), () =>
        HttpResponse.json(
          {
            error: {
              status: 'RESOURCE_EXHAUSTED',
              message: reason,
              details: { retryAfterSeconds: 17_000 },
            },
          },
          { status: 429 },
        ),
      ),
    );
    type('One more');
    await pressEnter();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `Your message was not sent.${reason} Your text is back in the message box.`,
    );
    expect(messageBox().value).toBe('One more');
  });

  it("shows the failed request's reference, from the error body or else the X-Request-Id header", async () => {
    await openLoadedChat();
    backend.use(
      http.post(backend.url('/tutor/send-message'), () =>
        HttpResponse.json(
          {
            error: {
              status: 'INTERNAL',
              message: 'Internal server error.',
              requestId: '3f9c2b7e-1a4d-4c8e-9b21-6d0f5a7c8e43',
            },
          },
          { status: 500 },
        ),
      ),
    );
    type('With a reference');
    await pressEnter();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Reference: 3f9c2b7e-1a4d-4c8e-9b21-6d0f5a7c8e43$/);

    // A body without one (a proxy's error page): the header's.
    backend.use(
      http.post(backend.url('/tutor/send-message'), () =>
        HttpResponse.text('Bad gateway', {
          status: 502,
          headers: { 'x-request-id': 'lb-7f3a9c21' },
        }),
      ),
    );
    await pressSend();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/Reference: lb-7f3a9c21$/),
    );
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

  describe("the status of every text of the tutor's", () => {
    afterEach(() => {
      for (const node of document.querySelectorAll('[data-live-announcer]')) node.remove();
    });

    /** The status line under the text (beside its time, or in its own block). */
    function statusOf(text: string) {
      const item = within(transcript()).getByText(text).closest('li');
      return Array.from(
        item?.querySelectorAll('[data-message-status]') ?? [],
        (element) => element.textContent,
      );
    }

    it("shows a new text at once as 'Sending…', then 'Sent' when the server answers, announced once", async () => {
      backend.hold('POST /tutor/send-message');
      const { queryClient } = await openLoadedChat();
      type('See you Thursday!');
      await pressEnter();
      // The tutor's bubble at once, the box empty, before the server has answered.
      expect(messageBox().value).toBe('');
      await waitFor(() =>
        expect(within(transcript()).getAllByRole('listitem').at(-1)?.textContent).toMatch(
          /^You:See you Thursday!/,
        ),
      );
      expect(statusOf('See you Thursday!')).toEqual(['Sending…']);
      expect(sends().map((request) => request.answered)).toEqual([false]);
      expect(announced()).toEqual([]);

      await act(async () => backend.release('POST /tutor/send-message'));
      await waitFor(() => expect(statusOf('See you Thursday!')).toEqual(['Sent']));
      expect(within(transcript()).getAllByText('See you Thursday!')).toHaveLength(1);
      expect(announced()).toEqual(['Sent — “See you Thursday!”']);

      // The carrier delivers it: the next poll says so, and so does the announcer, once.
      const sent = backend.db.conversations['stu-ana']?.at(-1);
      if (sent) sent.deliveryStatus = 'delivered';
      await act(async () => {
        await queryClient.refetchQueries();
      });
      await waitFor(() => expect(statusOf('See you Thursday!')).toEqual(['Delivered']));
      await act(async () => {
        await queryClient.refetchQueries();
      });
      expect(announced()).toEqual([
        'Sent — “See you Thursday!”',
        'Delivered — “See you Thursday!”',
      ]);
    });

    it('shows a sent text once while the chat is fetched again after the send', async () => {
      backend.hold('POST /tutor/send-message');
      await openLoadedChat();
      type('Once only, please');
      await pressEnter();
      await waitFor(() => expect(statusOf('Once only, please')).toEqual(['Sending…']));
      // The server's answer is in, the chat's own refetch is not (slow while it translates).
      backend.hold('POST /tutor/messages');
      await act(async () => backend.release('POST /tutor/send-message'));
      await waitFor(() => expect(statusOf('Once only, please')).toEqual(['Sent']));
      expect(within(transcript()).getAllByText('Once only, please')).toHaveLength(1);
      await act(async () => backend.release('POST /tutor/messages'));
      await waitFor(() =>
        expect(within(transcript()).getAllByText('Once only, please')).toHaveLength(1),
      );
    });

    it("takes the 'Sending…' text away and puts it back in the box when the send fails", async () => {
      backend.hold('POST /tutor/send-message');
      await openLoadedChat();
      backend.db.deliveryStatus = 'failed';
      type('Please keep me');
      await pressEnter();
      await waitFor(() => expect(statusOf('Please keep me')).toEqual(['Sending…']));
      await act(async () => backend.release('POST /tutor/send-message'));
      await waitFor(() => expect(messageBox().value).toBe('Please keep me'));
      expect(within(transcript()).queryByText('Please keep me')).toBeNull();
      expect(announced()).toEqual([]);
    });

    it("says 'Sending…' after Retry until the server answers, then the text's new status", async () => {
      const undelivered = backend.db.conversations['stu-ana']?.find((m) => m.id === 'msg-ana-6');
      if (undelivered) {
        undelivered.deliveryStatus = 'failed';
        undelivered.failure = { code: '30003', reason: 'the phone was unreachable' };
      }
      const text = undelivered?.body ?? '';
      backend.hold('POST /tutor/retry-message');
      await openLoadedChat();
      expect(statusOf(text)).toEqual(['Not delivered: the phone was unreachable']);
      await act(async () => {
        fireEvent.click(within(transcript()).getByRole('button', { name: /^Retry sending/ }));
      });
      await waitFor(() => expect(statusOf(text)).toEqual(['Sending…']));
      await act(async () => backend.release('POST /tutor/retry-message'));
      await waitFor(() => expect(statusOf(text)).toEqual(['Sent']));
      expect(announced()).toEqual(['Sent — “Hola Lucía, ¿podemos tener una sesión…”']);
    });
  });

  it("announces a family's new reply once: 'New message from Lucía García: …'", async () => {
    const { queryClient } = await openLoadedChat();
    expect(announced()).toEqual([]);
    backend.db.conversations['stu-ana']?.push({
      id: 'msg-ana-reply',
      body: 'Nos vemos a las 4.',
      isFromTutor: 'No',
      dateSent: fixtureNow,
      messageType: 'activity',
    });
    await act(async () => {
      await queryClient.refetchQueries();
    });
    await waitFor(() =>
      expect(announced()).toEqual(['New message from Lucía García: Nos vemos a las 4.']),
    );
    // Polls that bring nothing new say nothing more; the transcript itself is not live.
    await act(async () => {
      await queryClient.refetchQueries();
    });
    expect(announced()).toHaveLength(1);
    expect(transcript().getAttribute('aria-live')).toBe('off');
  });

  describe('marking the chat read', () => {
    const marks = () => backend.requestsTo('POST /tutor/mark-messages-read');

    /** GET /tutor as the dashboard cached it: Ana's family has one unread reply. */
    function cacheTutorWithUnreadReply(queryClient: QueryClient) {
      const tutor = backend.db.tutor;
      if (!tutor) throw new Error('No tutor');
      queryClient.setQueryData(
        tutorQueryKey(signedInMaya.status === 'google' ? signedInMaya.user.uid : undefined),
        {
          ...tutor,
          correspondents: tutor.correspondents.map((student) =>
            student.id === 'stu-ana' ? { ...student, unreadCount: 1 } : student,
          ),
        },
      );
    }

    function cachedUnreadCount(queryClient: QueryClient) {
      const uid = signedInMaya.status === 'google' ? signedInMaya.user.uid : undefined;
      return queryClient
        .getQueryData<{ correspondents: { id: string; unreadCount: number }[] }>(tutorQueryKey(uid))
        ?.correspondents.find((student) => student.id === 'stu-ana')?.unreadCount;
    }

    function setTabHidden(hidden: boolean) {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (hidden ? 'hidden' : 'visible'),
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }

    afterEach(() => setTabHidden(false));

    function guardianReplies(id: string) {
      backend.db.conversations['stu-ana']?.push({
        id,
        body: '¿Y el jueves?',
        isFromTutor: 'No',
        dateSent: fixtureNow,
        messageType: 'activity',
      });
    }

    it("marks it read up to its newest message when it opens, and the dashboard's count drops to 0 at once", async () => {
      backend.hold('POST /tutor/mark-messages-read');
      const { queryClient } = await openMessenger('stu-ana', {
        beforeRender: cacheTutorWithUnreadReply,
      });
      await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
      await waitFor(() =>
        expect(marks().map((request) => request.body)).toEqual([
          { studentId: 'stu-ana', messageId: 'msg-ana-7' },
        ]),
      );
      // Before the server answers: the cached GET /tutor already says 0.
      await waitFor(() => expect(cachedUnreadCount(queryClient)).toBe(0));
      await act(async () => backend.release('POST /tutor/mark-messages-read'));
      await waitFor(() => expect(marks()[0]?.status).toBe(200));
      expect(backend.db.readMarks['stu-ana']).toBe('msg-ana-7');
      expect(cachedUnreadCount(queryClient)).toBe(0);
    });

    it('marks the new newest message when a reply arrives, and never for a poll that brings nothing new', async () => {
      const { queryClient } = await openLoadedChat();
      await waitFor(() => expect(marks()).toHaveLength(1));
      await act(async () => {
        await queryClient.refetchQueries();
      });
      expect(marks()).toHaveLength(1);

      guardianReplies('msg-ana-8');
      await act(async () => {
        await queryClient.refetchQueries();
      });
      await waitFor(() => expect(marks()[1]?.status).toBe(200));
      expect(marks()[1]?.body).toEqual({ studentId: 'stu-ana', messageId: 'msg-ana-8' });
      // The mark changes what the chat's answer says of the student once (its unread count);
      // after that the tag answers 304 again: reading does not make the poll fetch for ever.
      await act(async () => {
        await queryClient.refetchQueries();
      });
      await act(async () => {
        await queryClient.refetchQueries();
      });
      expect(loads().at(-1)?.status).toBe(304);
      expect(marks()).toHaveLength(2);
    });

    it('does not mark a reply that arrived while the tab was hidden, until the tab is shown', async () => {
      const { queryClient } = await openLoadedChat();
      await waitFor(() => expect(marks()).toHaveLength(1));
      act(() => setTabHidden(true));
      guardianReplies('msg-ana-8');
      await act(async () => {
        await queryClient.refetchQueries();
      });
      // Shown (a poll in flight as the tab was hidden), but not seen.
      expect(await within(transcript()).findByText('¿Y el jueves?')).toBeTruthy();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(marks()).toHaveLength(1);

      act(() => setTabHidden(false));
      await waitFor(() => expect(marks()).toHaveLength(2));
      expect(marks()[1]?.body).toEqual({ studentId: 'stu-ana', messageId: 'msg-ana-8' });
    });
  });

  describe("a family's photos", () => {
    let created: string[];
    let revoked: string[];

    beforeEach(() => {
      backend = createMockBackend({ seed: scenarios.photoFromFamily });
      created = [];
      revoked = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        const url = `blob:test/${created.length + 1}/${(blob as Blob).type}`;
        created.push(url);
        return url;
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
        revoked.push(url);
      });
    });

    const mediaRequests = () =>
      backend.requests.filter((request) => request.path.startsWith('/tutor/media/'));

    const liamsTranscript = () => screen.getByRole('log', { name: 'Messages with Grace Okafor' });

    async function openLiamsChat() {
      await openMessenger('stu-liam');
      await screen.findByRole('heading', { level: 1, name: 'Chat with Grace Okafor' });
    }

    it('shows each picture from the bytes GET /tutor/media/{id} answers, with the bearer token, as a blob: URL revoked when the chat closes', async () => {
      await openLiamsChat();
      const photos = await within(liamsTranscript()).findAllByRole('img', {
        name: 'Photo from Grace Okafor',
      });
      expect(photos).toHaveLength(2);
      expect(photos.map((photo) => photo.getAttribute('src'))).toEqual(
        expect.arrayContaining(['blob:test/1/image/jpeg', 'blob:test/2/image/png'].sort()),
      );
      expect(
        mediaRequests()
          .map((request) => request.path)
          .sort(),
      ).toEqual(['/tutor/media/media-liam-drawing', '/tutor/media/media-liam-worksheet']);
      for (const request of mediaRequests()) {
        expect(request.headers.get('authorization')).toBe('Bearer token-maya');
      }
      // The drawing came with words: they share its bubble.
      const drawing = within(liamsTranscript())
        .getByText('Liam drew this for you! He says thank you for all the help.')
        .closest('li');
      expect(within(drawing as HTMLElement).getByRole('img')).toBeTruthy();
      expect(revoked).toEqual([]);

      cleanup();
      expect(revoked.sort()).toEqual([...created].sort());
    });

    it('opens a picture larger in a dialog with a Close button', async () => {
      await openLiamsChat();
      const [thumbnail] = await within(liamsTranscript()).findAllByRole('button', {
        name: 'Photo from Grace Okafor',
      });
      await act(async () => {
        fireEvent.click(thumbnail as HTMLElement);
      });
      const dialog = await screen.findByRole('dialog', { name: 'Photo from Grace Okafor' });
      expect(within(dialog).getByRole('img', { name: 'Photo from Grace Okafor' })).toBeTruthy();
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('says a picture could not be loaded, and loads it on Try again', async () => {
      backend.behaviour['GET /tutor/media/{mediaId}'] = {
        fail: { status: 'UNAVAILABLE', message: 'Try later.' },
      };
      await openLiamsChat();
      const failures = await within(liamsTranscript()).findAllByText(
        'Photo from Grace Okafor could not be loaded.',
      );
      expect(failures).toHaveLength(2);
      expect(created).toEqual([]);
      delete backend.behaviour['GET /tutor/media/{mediaId}'];
      await act(async () => {
        fireEvent.click(
          within(liamsTranscript()).getAllByRole('button', {
            name: 'Try again: Photo from Grace Okafor',
          })[0] as HTMLElement,
        );
      });
      await waitFor(() =>
        expect(
          within(liamsTranscript()).getAllByRole('img', { name: 'Photo from Grace Okafor' }),
        ).toHaveLength(1),
      );
    });

    it('refuses an answer that is not a picture', async () => {
      backend.use(
        http.get(backend.url('/tutor/media/:mediaId'), () =>
          HttpResponse.text('<html>not a picture</html>', {
            headers: { 'content-type': 'text/html' },
          }),
        ),
      );
      await openLiamsChat();
      expect(
        await within(liamsTranscript()).findAllByText(
          'Photo from Grace Okafor could not be loaded.',
        ),
      ).toHaveLength(2);
      expect(created).toEqual([]);
    });
  });

  it('on a touch screen, Enter adds a new line and the hint says so; Send sends', async () => {
    // A phone: a coarse pointer and no fine one.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('coarse'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    await openLoadedChat();
    expect(screen.getByText('Enter adds a new line. Press Send to send.')).toBeTruthy();
    type('First line');
    await pressEnter();
    expect(sends()).toEqual([]);
    await pressSend();
    await waitFor(() => expect(sends()).toHaveLength(1));
  });

  describe("the family's texts (issue 35): opted out, HELP, held for quiet hours", () => {
    const liamMessageBox = () =>
      screen.getByRole('textbox', { name: 'Message to Grace' }) as HTMLTextAreaElement;
    const optedOut = /^This family has opted out of texts \(replied STOP on November 1[89], 2026\)/;

    it('says the family opted out and disables the composer with that reason', async () => {
      backend = createMockBackend({ seed: scenarios.familyOptedOut });
      await openMessenger('stu-liam');
      await screen.findByRole('heading', { level: 1, name: 'Chat with Grace Okafor' });
      const box = liamMessageBox();
      expect(box.disabled).toBe(true);
      const reason = document.getElementById(box.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toMatch(optedOut);
      expect(screen.getByText(optedOut)).toBeTruthy();
    });

    it('shows that the family texted HELP', async () => {
      backend = createMockBackend({ seed: scenarios.familyAskedForHelp });
      await openMessenger('stu-liam');
      expect(await screen.findByText(/^The family texted HELP on November 20, 2026/)).toBeTruthy();
      expect(liamMessageBox().disabled).toBe(false);
    });

    it('keeps the typed text and says why when the send is refused as opted out (409)', async () => {
      await openLoadedChat();
      backend.db.optOutRefusals['stu-ana'] = ['2026-11-20T16:05:00.000Z'];
      type('Are you there?');
      await pressEnter();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(
        'This family has opted out of texts, so it was not sent.',
      );
      expect(messageBox().value).toBe('Are you there?');
      await waitFor(() => expect(messageBox().disabled).toBe(true));
      expect(sends().map((request) => request.status)).toEqual([409]);
    });

    it("shows a text the server held as 'Scheduled for …' at once", async () => {
      backend = createMockBackend({ seed: scenarios.familyQuietHours });
      await openLoadedChat();
      type('Good night text');
      await pressEnter();
      const bubble = (await within(transcript()).findByText('Good night text')).closest('li');
      await waitFor(() =>
        expect(within(bubble as HTMLElement).getByText(/^Scheduled for /)).toBeTruthy(),
      );
      expect(within(bubble as HTMLElement).getByRole('button', { name: /^Send now/ })).toBeTruthy();
    });

    it('sends a scheduled text now', async () => {
      backend = createMockBackend({ seed: scenarios.textScheduled });
      await openLoadedChat();
      const sendNow = await screen.findByRole('button', { name: /^Send now/ });
      expect(screen.getByText(/^Scheduled for /)).toBeTruthy();
      await act(async () => {
        fireEvent.click(sendNow);
      });
      await waitFor(() => expect(screen.queryByText(/^Scheduled for /)).toBeNull());
      expect(backend.requestsTo('POST /tutor/send-scheduled-message-now')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Send now/ })).toBeNull();
    });

    it('cancels a scheduled text at once and hands its words back to the message box', async () => {
      backend = createMockBackend({ seed: scenarios.textScheduled });
      await openLoadedChat();
      const cancel = await screen.findByRole('button', { name: /^Cancel scheduled text/ });
      const held = 'Lucía, ¿podemos empezar mañana a las 4:30 en vez de a las 4?';
      backend.hold('POST /tutor/cancel-scheduled-message');
      await act(async () => {
        fireEvent.click(cancel);
      });
      // Gone from the chat before the server answered.
      await waitFor(() => expect(within(transcript()).queryByText(held)).toBeNull());
      backend.release();
      await waitFor(() => expect(messageBox().value).toBe(held));
      expect(within(transcript()).queryByText(held)).toBeNull();
    });

    it('puts a scheduled text back when cancelling it fails, and says so', async () => {
      backend = createMockBackend({ seed: scenarios.textScheduled });
      backend.behaviour['POST /tutor/cancel-scheduled-message'] = {
        fail: { status: 'UNAVAILABLE', message: 'Down for maintenance' },
        once: true,
      };
      await openLoadedChat();
      await act(async () => {
        fireEvent.click(await screen.findByRole('button', { name: /^Cancel scheduled text/ }));
      });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Your scheduled text was not cancelled.');
      expect(alert.textContent).toContain('It is still scheduled.');
      expect(screen.getByText(/^Scheduled for /)).toBeTruthy();
      expect(messageBox().value).toBe('');
    });
  });

  describe('nothing typed is lost (issue 39)', () => {
    const mayasDraft = () => localStorage.getItem(messageDraftKey('uid-maya', 'stu-ana'));

    /** A reload or a tab closed and opened again: the page goes, the device's storage stays. */
    async function reopenChat(studentId = 'stu-ana') {
      cleanup();
      await openMessenger(studentId);
    }

    it('keeps the text being written across a reload, as it was typed', async () => {
      await openLoadedChat();
      type('Half a thought about\nMonday');
      await reopenChat();
      await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
      expect(messageBox().value).toBe('Half a thought about\nMonday');
      expect(sends()).toEqual([]);
    });

    it("keeps a draft per student: Ana's is not in Thanh's chat, and each comes back to its own", async () => {
      await openLoadedChat();
      type('For Ana only');
      await reopenChat('stu-mia');
      const thanhsBox = (await screen.findByRole('textbox', {
        name: 'Message to Thanh',
      })) as HTMLTextAreaElement;
      expect(thanhsBox.value).toBe('');
      fireEvent.change(thanhsBox, { target: { value: 'For Mia only' } });
      await reopenChat('stu-ana');
      await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
      expect(messageBox().value).toBe('For Ana only');
    });

    it('forgets the draft once the text is sent, and when the box is emptied', async () => {
      await openLoadedChat();
      type('Going out now');
      expect(mayasDraft()).toBe('Going out now');
      await pressEnter();
      await waitFor(() => expect(within(transcript()).getByText('Going out now')).toBeTruthy());
      await waitFor(() => expect(mayasDraft()).toBeNull());

      type('Never mind');
      expect(mayasDraft()).toBe('Never mind');
      type('');
      expect(mayasDraft()).toBeNull();
      await reopenChat();
      await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
      expect(messageBox().value).toBe('');
    });

    it('keeps the draft while the text is on its way and after the send failed', async () => {
      backend.hold('POST /tutor/send-message');
      await openLoadedChat();
      type('Please keep me');
      await pressEnter();
      expect(messageBox().value).toBe('');
      // Closed now, the text would come back: the server has not taken it yet.
      expect(mayasDraft()).toBe('Please keep me');
      backend.db.deliveryStatus = 'failed';
      await act(async () => backend.release('POST /tutor/send-message'));
      await screen.findByRole('alert');
      expect(messageBox().value).toBe('Please keep me');
      expect(mayasDraft()).toBe('Please keep me');
      await reopenChat();
      await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
      expect(messageBox().value).toBe('Please keep me');
    });

    it("never shows one account's draft to another account signed in on the device", async () => {
      await openLoadedChat();
      type("Maya's private words");
      auth.state = {
        status: 'google',
        user: { uid: 'uid-jordan', email: 'jordan@tutoring.example.org', displayName: 'Jordan' },
        idToken: 'token-jordan',
      };
      await reopenChat();
      await screen.findByRole('heading', { level: 1, name: 'Chat with Lucía García' });
      expect(messageBox().value).toBe('');
      expect(mayasDraft()).toBe("Maya's private words");
    });

    describe('offline', () => {
      const network = { offline: false };
      const retries = () => backend.requestsTo('POST /tutor/retry-message');

      beforeEach(() => {
        network.offline = false;
        // As in a browser without a network: every call fails at once while it is down.
        backend.use(http.all(/.*/, () => (network.offline ? HttpResponse.error() : undefined)));
      });

      async function setNetwork(online: boolean) {
        network.offline = !online;
        await act(async () => {
          window.dispatchEvent(new Event(online ? 'online' : 'offline'));
        });
      }

      function offlineNotices() {
        return screen.queryAllByText(offlineNoticeText).map((text) => text.closest('[role]'));
      }

      it('says so in one polite notice, and Send waits and says why, sending nothing', async () => {
        await openLoadedChat();
        type('Sent only when I press Send');
        expect(offlineNotices()).toEqual([]);

        await setNetwork(false);
        const notices = offlineNotices();
        expect(notices).toHaveLength(1);
        expect(notices[0]?.getAttribute('role')).toBe('status');
        expect(screen.queryByRole('alert')).toBeNull();
        // Focusable, and its description says why it does not send.
        const send = sendButton();
        expect(send.disabled).toBe(false);
        const description = document.getElementById(send.getAttribute('aria-describedby') ?? '');
        expect(description?.textContent).toBe(waitingForNetworkText);

        await pressSend();
        await pressEnter();
        expect(sends()).toEqual([]);
        expect(messageBox().value).toBe('Sent only when I press Send');
        expect(mayasDraft()).toBe('Sent only when I press Send');
      });

      it('fetches the chat again when the network returns, sends nothing by itself, then sends on Send', async () => {
        await openLoadedChat();
        type('Sent only when I press Send');
        await setNetwork(false);
        await pressSend();
        const loadsWhileOffline = loads().length;

        await setNetwork(true);
        await waitFor(() => expect(loads().length).toBeGreaterThan(loadsWhileOffline));
        expect(offlineNotices()).toEqual([]);
        expect(sendButton().getAttribute('aria-describedby')).toBeNull();
        expect(sends()).toEqual([]);
        expect(messageBox().value).toBe('Sent only when I press Send');

        await pressSend();
        await waitFor(() => expect(messageBox().value).toBe(''));
        expect(sends().map((request) => request.body)).toEqual([
          { studentId: 'stu-ana', message: 'Sent only when I press Send' },
        ]);
        await waitFor(() => expect(mayasDraft()).toBeNull());
      });

      it('says only that it is offline when a refresh failed as the network went, and neither once it is back', async () => {
        const { queryClient } = await openLoadedChat();
        const refreshFailed = 'New messages could not be loaded.';
        // The network goes: a poll fails before the browser reports it.
        network.offline = true;
        await act(async () => {
          await queryClient.refetchQueries();
        });
        expect(await screen.findByText(refreshFailed)).toBeTruthy();
        await setNetwork(false);
        expect(screen.queryByText(refreshFailed)).toBeNull();
        expect(offlineNotices()).toHaveLength(1);
        await setNetwork(true);
        await waitFor(() => expect(screen.queryByText(refreshFailed)).toBeNull());
        expect(offlineNotices()).toEqual([]);
      });

      it('does not hold a Retry pressed offline to send it by itself on reconnect', async () => {
        const undelivered = backend.db.conversations['stu-ana']?.find((m) => m.id === 'msg-ana-6');
        if (undelivered) undelivered.deliveryStatus = 'undelivered';
        await openLoadedChat();
        await setNetwork(false);
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: /^Retry sending:/ }));
        });
        // It fails at once, and says so; it does not wait, paused, for the network.
        const notice = (await screen.findByText('Your message was not sent again.')).parentElement;
        expect(notice?.textContent).toContain('The portal could not reach the server.');
        expect(retries().map((request) => request.status)).toEqual([0]);

        backend.db.deliveryStatus = 'sent';
        const loadsWhileOffline = loads().length;
        await setNetwork(true);
        await waitFor(() => expect(loads().length).toBeGreaterThan(loadsWhileOffline));
        await waitFor(() => expect(loads().every((request) => request.answered)).toBe(true));
        expect(retries().map((request) => request.status)).toEqual([0]);
      });
    });
  });
});
