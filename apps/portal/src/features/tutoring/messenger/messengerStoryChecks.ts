// Story support (Storybook only, never imported by the product): what the chat's screen stories
// check of its layout and of its texts' statuses, shared by Messenger.stories.tsx.
import { expect, waitFor, within } from 'storybook/test';

type Queries = ReturnType<typeof within>;

/** The status line under one text of the log ('Sent', 'Not delivered: …'), wherever it sits. */
export function statusOf(log: Queries, text: string): (string | null)[] {
  const element: HTMLElement = log.getByText(text);
  const item = element.closest('li');
  if (!item) throw new Error(`No message '${text}'`);
  return Array.from(item.querySelectorAll('[data-message-status]'), (line) => line.textContent);
}

/** The composer's lowest edge: its hint, or its Send button, whichever is lower. */
function composerBottom(document: Document, box: HTMLElement, send: HTMLElement): number {
  const hints = (box.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((element): element is HTMLElement => element !== null);
  return Math.max(
    send.getBoundingClientRect().bottom,
    ...hints.map((hint) => hint.getBoundingClientRect().bottom),
  );
}

/** The latest message is on screen: inside the log's visible part and inside the window. */
function expectLatestMessageOnScreen(log: HTMLElement, height: number) {
  const items = log.querySelectorAll('li');
  const last = items[items.length - 1];
  if (!last) return;
  const item = last.getBoundingClientRect();
  const visible = log.getBoundingClientRect();
  expect(item.bottom).toBeLessThanOrEqual(Math.min(visible.bottom, height) + 1);
  if (item.height <= visible.height) {
    expect(item.top).toBeGreaterThanOrEqual(Math.max(visible.top, 0) - 1);
  }
}

/**
 * The chat is a messaging screen (issue 34): the page itself does not scroll; the composer sits
 * at the bottom of the window (only the page's own padding below it) with the latest message on
 * screen above it, at every width; at 1280 px the conversation fills the height beside the
 * sidebar, with no empty column wider than 200 px on either side of it.
 */
export async function expectMessagingLayout(canvasElement: HTMLElement, guardianName: string) {
  const document = canvasElement.ownerDocument;
  const view = document.defaultView as Window;
  const page = within(document.body);
  const log: HTMLElement = await page.findByRole('log', { name: `Messages with ${guardianName}` });
  const box: HTMLElement = page.getByRole('textbox', { name: /^Message to / });
  const send: HTMLElement = page.getByRole('button', { name: 'Send' });
  // The chat opens at its end.
  await waitFor(() =>
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThanOrEqual(1),
  );
  const { innerWidth: width, innerHeight: height } = view;
  expect(document.documentElement.scrollHeight).toBeLessThanOrEqual(height);
  expect(view.scrollY).toBe(0);

  const main = document.querySelector('main') as HTMLElement;
  const padding = Number.parseFloat(view.getComputedStyle(main).paddingBottom);
  const below = height - composerBottom(document, box, send);
  expect(below).toBeGreaterThanOrEqual(0);
  expect(below).toBeLessThanOrEqual(padding + 1);
  expect(box.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  expectLatestMessageOnScreen(log, height);

  if (width >= 1280) {
    const sidebar = (
      document.querySelector('[data-app-shell-sidebar]') as HTMLElement
    ).getBoundingClientRect();
    const transcript = log.getBoundingClientRect();
    expect(transcript.left - sidebar.right).toBeLessThanOrEqual(200);
    expect(width - transcript.right).toBeLessThanOrEqual(200);
    expect(transcript.height).toBeGreaterThan(height / 2);
  }
}
