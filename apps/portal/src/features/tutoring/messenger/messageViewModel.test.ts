import type { components } from '@tutoring/api/schema';
import { describe, expect, it } from 'vitest';
import { toMessageStatus, toMessageView, toMessageViews } from './messageViewModel';

type Message = components['schemas']['Message'];

const tutorText: Message = {
  id: 'msg-1',
  body: 'See you Tuesday at 4!',
  isFromTutor: 'Yes',
  dateSent: '2026-11-20T17:00:00.000Z',
  messageType: 'activity',
  deliveryStatus: 'delivered',
};

const familyReply: Message = {
  id: 'msg-2',
  body: 'Sí, gracias.',
  isFromTutor: 'No',
  dateSent: '2026-11-20T17:05:00.000Z',
  messageType: 'activity',
};

describe('toMessageView (the api Message in the chat’s words)', () => {
  it('maps the wire names: who sent it, its words and when', () => {
    expect(toMessageView(tutorText)).toEqual({
      id: 'msg-1',
      from: 'tutor',
      text: 'See you Tuesday at 4!',
      sentAt: '2026-11-20T17:00:00.000Z',
      status: 'delivered',
    });
    expect(toMessageView(familyReply)).toEqual({
      id: 'msg-2',
      from: 'family',
      text: 'Sí, gracias.',
      sentAt: '2026-11-20T17:05:00.000Z',
    });
    expect(toMessageView({ ...familyReply, messageType: 'admin' }).from).toBe('team');
  });

  it('gives each delivery status its word: Sent, Delivered, Not delivered, Not sent', () => {
    expect(toMessageStatus('queued')).toBe('sent');
    expect(toMessageStatus('sent')).toBe('sent');
    expect(toMessageStatus('delivered')).toBe('delivered');
    expect(toMessageStatus('undelivered')).toBe('notDelivered');
    expect(toMessageStatus('failed')).toBe('notDelivered');
    expect(toMessageStatus('untranslated')).toBe('notSent');
    // A text stored before statuses were kept went out.
    expect(toMessageStatus(undefined)).toBe('sent');
    expect(toMessageView({ ...tutorText, deliveryStatus: undefined }).status).toBe('sent');
  });

  it('keeps a text held for the quiet hours scheduled, with when it goes (issue 35)', () => {
    const held: Message = {
      ...tutorText,
      deliveryStatus: 'scheduled',
      scheduledFor: '2026-11-21T08:00:00.000Z',
    };
    expect(toMessageStatus('scheduled')).toBe('scheduled');
    expect(toMessageView(held)).toMatchObject({
      status: 'scheduled',
      scheduledFor: '2026-11-21T08:00:00.000Z',
    });
    // A time left over on a text that has gone is not shown.
    expect(toMessageView({ ...held, deliveryStatus: 'sent' })).not.toHaveProperty('scheduledFor');
  });

  it("carries the provider's reason only on a text not delivered", () => {
    const failure = { code: '30007', reason: 'the carrier blocked it as spam' };
    expect(toMessageView({ ...tutorText, deliveryStatus: 'failed', failure })).toMatchObject({
      status: 'notDelivered',
      failureReason: 'the carrier blocked it as spam',
    });
    expect(toMessageView({ ...tutorText, deliveryStatus: 'undelivered' })).not.toHaveProperty(
      'failureReason',
    );
    // A text sent again is no longer failed: an old reason is not shown with 'Sent'.
    expect(toMessageView({ ...tutorText, deliveryStatus: 'queued', failure })).not.toHaveProperty(
      'failureReason',
    );
  });

  it('marks a text sent as written, and shows no translation for it', () => {
    const view = toMessageView({
      ...tutorText,
      sentAsWritten: true,
      translation: { languageName: 'Spanish', languageCode: 'es', text: '¡Hasta el martes!' },
    });
    expect(view.sentAsWritten).toBe(true);
    expect(view).not.toHaveProperty('translation');
    expect(toMessageView({ ...tutorText, sentAsWritten: false })).not.toHaveProperty(
      'sentAsWritten',
    );
  });

  it('keeps a translation in the product’s shape', () => {
    const translation = { languageName: 'Spanish', languageCode: 'es', text: 'Yes, thank you.' };
    expect(toMessageView({ ...familyReply, translation }).translation).toEqual(translation);
  });

  it("marks a family's reply 'not translated' only when it has no English", () => {
    expect(toMessageView({ ...familyReply, notTranslated: true }).notTranslated).toBe(true);
    const translated = toMessageView({
      ...familyReply,
      notTranslated: true,
      translation: { languageName: 'Spanish', languageCode: 'es', text: 'Yes, thanks.' },
    });
    expect(translated).not.toHaveProperty('notTranslated');
    // The flag belongs to replies: a tutor's text never shows it.
    expect(toMessageView({ ...tutorText, notTranslated: true })).not.toHaveProperty(
      'notTranslated',
    );
  });

  it("maps a family's pictures to photos by id, in order; a tutor's text has none", () => {
    const media: Message['media'] = [
      { id: 'media-1', contentType: 'image/jpeg' },
      { id: 'media-2', contentType: 'image/png' },
    ];
    expect(toMessageView({ ...familyReply, body: '', media }).photos).toEqual([
      { id: 'media-1' },
      { id: 'media-2' },
    ]);
    expect(toMessageView({ ...familyReply, media: [] })).not.toHaveProperty('photos');
    expect(toMessageView({ ...tutorText, media })).not.toHaveProperty('photos');
    // Status and reason belong to the tutor's texts.
    expect(toMessageView({ ...familyReply, deliveryStatus: 'failed' })).not.toHaveProperty(
      'status',
    );
  });
});

describe('toMessageViews', () => {
  it("puts the texts still on their way after the server's, as the tutor's, 'Sending…'", () => {
    const views = toMessageViews(
      [tutorText, familyReply],
      [{ key: 3, text: 'On my way!', sentAt: '2026-11-20T17:10:00.000Z' }],
    );
    expect(views.map((view) => view.id)).toEqual(['msg-1', 'msg-2', 'sending-3']);
    expect(views[2]).toEqual({
      id: 'sending-3',
      from: 'tutor',
      text: 'On my way!',
      sentAt: '2026-11-20T17:10:00.000Z',
      status: 'sending',
    });
    expect(toMessageViews([])).toEqual([]);
  });
});
