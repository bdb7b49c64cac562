// What a conversation decides of its student's card (mocks/inbox.ts), message by message.
import { describe, expect, it } from 'vitest';
import {
  asShown,
  deliveryFailure,
  familyTextStateOf,
  needsAttentionOf,
  previewOf,
  senderOf,
  summaryOf,
  unreadCountOf,
} from './mocks/inbox';
import type { components } from './schema';

type Message = components['schemas']['Message'];

let counter = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
const family = (body: string, more: Partial<Message> = {}): Message => ({
  id: `m-${++counter}`,
  body,
  isFromTutor: 'No',
  dateSent: at(counter),
  messageType: 'activity',
  ...more,
});
const tutor = (body: string, more: Partial<Message> = {}): Message =>
  family(body, { isFromTutor: 'Yes', deliveryStatus: 'delivered', ...more });
const team = (body: string): Message => family(body, { messageType: 'admin' });

describe('deliveryFailure', () => {
  it.each([
    ['30003', 'the phone was unreachable'],
    ['30005', 'the number is unknown or no longer in service'],
    ['30006', 'it is a landline or the carrier cannot reach it'],
    ['30007', 'the carrier blocked it as spam'],
    ['21610', 'the family has opted out of texts'],
    ['21614', 'it is not a mobile number'],
    ['30008', 'the carrier refused it (code 30008)'],
    ['constructor', 'the carrier refused it (code constructor)'],
  ])('%s: %s', (code, reason) => {
    expect(deliveryFailure(code)).toEqual({ code, reason });
  });
});

describe('senderOf', () => {
  it("tells the tutor's texts, the family's replies ('activity') and the organisation's apart", () => {
    expect([tutor('a'), family('b'), team('c')].map(senderOf)).toEqual(['tutor', 'family', 'team']);
  });
});

describe('unreadCountOf', () => {
  const messages = [family('1'), tutor('2'), family('3'), team('4'), family('5'), tutor('6')];

  it("counts the family's replies after the read mark, not the tutor's or the team's", () => {
    expect(unreadCountOf(messages, messages[1]?.id)).toBe(2);
    expect(unreadCountOf(messages, messages[4]?.id)).toBe(0);
    expect(unreadCountOf(messages, messages[5]?.id)).toBe(0);
  });

  it('counts every reply without a mark, or with a mark not in the conversation', () => {
    expect(unreadCountOf(messages, undefined)).toBe(3);
    expect(unreadCountOf(messages, 'm-elsewhere')).toBe(3);
    expect(unreadCountOf([], undefined)).toBe(0);
  });
});

describe('previewOf', () => {
  it("shows a reply's English where it was translated, and says it is the family's", () => {
    const reply = family('¡Gracias!', {
      translation: { languageName: 'Spanish', languageCode: 'es', text: 'Thank you!' },
    });
    expect(previewOf(reply)).toEqual({
      id: reply.id,
      from: 'family',
      text: 'Thank you!',
      sentAt: reply.dateSent,
      hasPhoto: false,
    });
  });

  it("shows the tutor's own words (not what the family received) and how far the text got", () => {
    const text = tutor('See you Monday!', {
      deliveryStatus: 'sent',
      translation: { languageName: 'Spanish', languageCode: 'es', text: '¡Hasta el lunes!' },
    });
    expect(previewOf(text)).toEqual(
      expect.objectContaining({ from: 'tutor', text: 'See you Monday!', deliveryStatus: 'sent' }),
    );
  });

  it("shows the team's note as written, and a photo without words as empty text with a photo", () => {
    expect(previewOf(team('Office closed Monday.'))).toEqual(
      expect.objectContaining({ from: 'team', text: 'Office closed Monday.', hasPhoto: false }),
    );
    const photo = family('', { media: [{ id: 'p1', contentType: 'image/png' }] });
    expect(previewOf(photo)).toEqual(expect.objectContaining({ text: '', hasPhoto: true }));
    expect(previewOf(photo)).not.toHaveProperty('deliveryStatus');
  });
});

describe('needsAttentionOf', () => {
  it('is null while every text of the tutor got through (or is on its way)', () => {
    expect(needsAttentionOf([tutor('a'), tutor('b', { deliveryStatus: 'queued' })])).toBeNull();
    expect(needsAttentionOf([family('x', { deliveryStatus: 'failed' })])).toBeNull();
    expect(needsAttentionOf([])).toBeNull();
  });

  it('gives the newest such text, its reason and failure, and counts all of them', () => {
    const spam = tutor('a', { deliveryStatus: 'failed', failure: deliveryFailure('30007') });
    const unsent = tutor('b', { deliveryStatus: 'untranslated' });
    const unreachable = tutor('c', {
      deliveryStatus: 'undelivered',
      failure: deliveryFailure('30003'),
    });
    expect(needsAttentionOf([spam, family('ok'), unsent, unreachable, tutor('d')])).toEqual({
      reason: 'notDelivered',
      count: 3,
      messageId: unreachable.id,
      failure: { code: '30003', reason: 'the phone was unreachable' },
    });
    expect(needsAttentionOf([spam, unsent])).toEqual({
      reason: 'notSent',
      count: 2,
      messageId: unsent.id,
    });
  });

  it('leaves the failure out when the provider gave none', () => {
    const text = tutor('a', { deliveryStatus: 'undelivered' });
    expect(needsAttentionOf([text])).toEqual({
      reason: 'notDelivered',
      count: 1,
      messageId: text.id,
    });
  });
});

describe('summaryOf', () => {
  it('is empty for a conversation without messages', () => {
    expect(summaryOf([], undefined)).toEqual({
      Last_Message: null,
      Last_Message_By: null,
      unreadCount: 0,
      lastMessage: null,
      needsAttention: null,
      textOptOut: null,
      helpRequestedAt: null,
    });
  });

  it('keeps the summary columns as the server does: the body and who wrote it', () => {
    const reply = family('Hola', {
      translation: { languageName: 'Spanish', languageCode: 'es', text: 'Hello' },
    });
    expect(summaryOf([tutor('Hi'), reply], undefined)).toEqual(
      expect.objectContaining({
        Last_Message: 'Hola',
        Last_Message_By: 'Guardian',
        unreadCount: 1,
      }),
    );
    expect(summaryOf([team('Note')], undefined).Last_Message_By).toBe('Admin');
    expect(summaryOf([tutor('Hi')], undefined).Last_Message_By).toBe('Tutor');
  });
});

describe('asShown', () => {
  const student = (translated: boolean) => ({
    familyLanguage: { name: 'Spanish', code: 'es', translated },
  });

  it("marks a translated family's reply that has no English, and nothing else", () => {
    const bare = family('¿Lunes?');
    const translated = family('Sí', {
      translation: { languageName: 'Spanish', languageCode: 'es', text: 'Yes' },
    });
    const own = tutor('Monday?');
    const shown = asShown([bare, translated, own, team('Note')], student(true));
    expect(shown.map((m) => m.notTranslated ?? false)).toEqual([true, false, false, false]);
    expect(bare.notTranslated).toBeUndefined();
    expect(asShown([bare], student(false))[0]?.notTranslated).toBeUndefined();
  });
});

describe('familyTextStateOf', () => {
  const refusedAsOptedOut = (body: string) =>
    tutor(body, { deliveryStatus: 'failed', failure: deliveryFailure('21610') });

  it('is null and null for a conversation without keywords', () => {
    expect(familyTextStateOf([tutor('Hi'), family('Hello'), team('Note')])).toEqual({
      textOptOut: null,
      helpRequestedAt: null,
    });
  });

  it.each([
    'STOP',
    'stop',
    ' Stop ',
    'STOPALL',
    'unsubscribe',
    'Cancel',
    'END',
    'quit',
    'REVOKE',
    'OptOut',
  ])("opts the family out on a reply of '%s', with the word as written and its date", (word) => {
    const reply = family(word);
    expect(familyTextStateOf([tutor('Hi'), reply]).textOptOut).toEqual({
      optedOutAt: reply.dateSent,
      reason: 'replied',
      keyword: word.trim(),
    });
  });

  it('reads a keyword only as the whole reply, from the family only', () => {
    expect(familyTextStateOf([family('Please stop by at 4')]).textOptOut).toBeNull();
    expect(familyTextStateOf([tutor('STOP')]).textOptOut).toBeNull();
    expect(familyTextStateOf([team('STOP')]).textOptOut).toBeNull();
  });

  it.each(['START', 'unstop', 'Yes'])("opts them back in on '%s' after a STOP", (word) => {
    const [stop, optIn, again] = [family('STOP'), family(word), family('stop')];
    expect(familyTextStateOf([stop, optIn]).textOptOut).toBeNull();
    expect(familyTextStateOf([stop, optIn, again]).textOptOut?.optedOutAt).toBe(again.dateSent);
  });

  it('records the newest HELP (or INFO), and it opts no one out', () => {
    const first = family('HELP');
    const second = family('info');
    expect(familyTextStateOf([first])).toEqual({
      textOptOut: null,
      helpRequestedAt: first.dateSent,
    });
    expect(familyTextStateOf([first, second]).helpRequestedAt).toBe(second.dateSent);
  });

  it('marks a text refused with 21610 as an opt-out, refused; not one undelivered with it', () => {
    const refusedText = refusedAsOptedOut('See you Monday');
    expect(familyTextStateOf([refusedText]).textOptOut).toEqual({
      optedOutAt: refusedText.dateSent,
      reason: 'refused',
    });
    const undelivered = tutor('Hi', {
      deliveryStatus: 'undelivered',
      failure: deliveryFailure('21610'),
    });
    expect(familyTextStateOf([undelivered]).textOptOut).toBeNull();
  });

  it('counts refusals kept out of the conversation, in time order with the replies', () => {
    const stop = family('STOP');
    const start = family('START');
    const minuteOff = (date: string, minutes: number) =>
      new Date(Date.parse(date) + minutes * 60_000).toISOString();
    const before = minuteOff(stop.dateSent, -1);
    const after = minuteOff(start.dateSent, 1);
    expect(familyTextStateOf([], [before]).textOptOut).toEqual({
      optedOutAt: before,
      reason: 'refused',
    });
    // A START after the refusal opts them back in; a refusal after it marks them again.
    expect(familyTextStateOf([start], [before]).textOptOut).toBeNull();
    expect(familyTextStateOf([start], [after]).textOptOut).toEqual({
      optedOutAt: after,
      reason: 'refused',
    });
    // Already opted out by their own STOP: a later refusal keeps the reply as the reason.
    expect(familyTextStateOf([stop], [after]).textOptOut?.reason).toBe('replied');
  });
});
