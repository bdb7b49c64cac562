// Test support only (never imported by the product): a stand-in for the server's two message
// calls behind the global fetch, so the tests run the real openapi-fetch client, its error
// parsing and the portal's ApiError. (MSW 3's Node interceptors need Node 22; this runs on 20.)

import { studentAna } from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { vi } from 'vitest';

type Conversation = components['schemas']['Conversation'];
type Message = components['schemas']['Message'];

export interface FakeFailure {
  status: number;
  canonicalStatus: string;
  message: string;
}

export interface SentRequest {
  studentId: unknown;
  message: unknown;
}

const hour = 60 * 60 * 1000;

/** Ana's conversation, dated relative to `now`: a guardian text, an admin notice and the tutor. */
export function conversationOf(now: Date): Conversation {
  return {
    student: studentAna,
    messages: [
      {
        id: 'msg-1',
        body: 'Hola, soy Maya. ¿Le viene bien el martes?',
        isFromTutor: 'Yes',
        dateSent: new Date(now.getTime() - 30 * 24 * hour).toISOString(),
        messageType: 'activity',
      },
      {
        id: 'msg-2',
        body: 'Sí, gracias.',
        isFromTutor: 'No',
        dateSent: new Date(now.getTime() - 24 * hour).toISOString(),
        messageType: 'activity',
      },
      {
        id: 'msg-3',
        body: 'Reminder: post-assessments open Monday.',
        isFromTutor: 'No',
        dateSent: now.toISOString(),
        messageType: 'admin',
      },
    ],
  };
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function errorJson(failure: FakeFailure): Response {
  return json(
    { error: { status: failure.canonicalStatus, message: failure.message } },
    failure.status,
  );
}

export const notFoundFailure: FakeFailure = {
  status: 404,
  canonicalStatus: 'NOT_FOUND',
  message: 'No such student among your correspondents.',
};

export const unavailableFailure: FakeFailure = {
  status: 503,
  canonicalStatus: 'UNAVAILABLE',
  message: 'The text could not be sent. Please try again in a moment.',
};

export const internalFailure: FakeFailure = {
  status: 500,
  canonicalStatus: 'INTERNAL',
  message: 'Something went wrong.',
};

/**
 * Installs the fake as the global fetch. Its fields steer the next answers: `loadFailure` answers
 * POST /tutor/messages, `sendFailure` POST /tutor/send-message, `holdSends` / `holdLoads` keep
 * those calls pending until `releaseSends()` / `releaseLoads()`, and `networkDown` rejects like a failed fetch.
 */
export function installFakeMessagesBackend(conversation: Conversation) {
  const backend = {
    conversation: structuredClone(conversation),
    loadRequests: [] as unknown[],
    sendRequests: [] as SentRequest[],
    loadFailure: null as FakeFailure | null,
    sendFailure: null as FakeFailure | null,
    networkDown: false,
    holdSends: false,
    holdLoads: false,
    releaseSends: () => {
      for (const release of heldSends.splice(0)) release();
    },
    releaseLoads: () => {
      for (const release of heldLoads.splice(0)) release();
    },
    /** A guardian's reply arriving at the server. */
    receive(message: Message) {
      backend.conversation.messages.push(message);
    },
  };
  const heldSends: Array<() => void> = [];
  const heldLoads: Array<() => void> = [];
  let sentCount = 0;

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as Record<string, unknown>;
    if (backend.networkDown) throw new TypeError('Failed to fetch');

    if (path.endsWith('/tutor/messages')) {
      backend.loadRequests.push(body);
      if (backend.holdLoads) await new Promise<void>((resolve) => heldLoads.push(resolve));
      if (backend.loadFailure) return errorJson(backend.loadFailure);
      return json(structuredClone(backend.conversation), 200);
    }
    if (path.endsWith('/tutor/send-message')) {
      backend.sendRequests.push({ studentId: body.studentId, message: body.message });
      if (backend.holdSends) await new Promise<void>((resolve) => heldSends.push(resolve));
      if (backend.sendFailure) return errorJson(backend.sendFailure);
      sentCount += 1;
      const message: Message = {
        id: `msg-sent-${sentCount}`,
        body: String(body.message),
        isFromTutor: 'Yes',
        dateSent: new Date().toISOString(),
        messageType: 'activity',
      };
      backend.conversation.messages.push(message);
      return json({ message, deliveryStatus: 'queued' }, 201);
    }
    return json({ error: { status: 'NOT_FOUND', message: `No route ${path}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return backend;
}
