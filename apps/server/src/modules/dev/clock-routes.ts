// Development routes of issue 35: the server's clock moved (a test on the running stack sees a
// held text go out at 08:00 tomorrow, or a night's digest, without waiting), and a tutor's text
// to the organisation's notification number (STOP, START) played through the inbound-text path.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { receiveText } from '../webhooks/inbound-text.ts';

const DAY_MS = 86_400_000;
/**
 * How far the clock may be moved from the real time, either way: far enough for any test, near
 * enough that every time it reads is a date-time the contract can write (a year past 9999 is not).
 */
const MAX_OFFSET_MS = 10 * 366 * DAY_MS;

/**
 * `GET /api/dev/clock`: `{now, offsetMs}`. `POST /api/dev/clock` with `{"advanceMs": n}` (may be
 * negative), `{"to": "<ISO time>"}` or `{"reset": true}` moves the clock every route and job reads
 * (context.now()), then runs one pass of the scheduler (held texts due) and of the notifier
 * (compose, deliver) before it answers, so what is due at the new time has happened.
 */
export function registerClockRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { clock } = context;
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  scope.get('/dev/clock', async () => state());
  scope.post('/dev/clock', async (request) => {
    const body = (request.body ?? {}) as { advanceMs?: unknown; to?: unknown; reset?: unknown };
    const keys = Object.keys(body);
    const at = typeof body.to === 'string' ? new Date(body.to) : undefined;
    if (keys.length !== 1) {
      throw invalidArgument(
        'body must be one of {"advanceMs": n}, {"to": "<ISO time>"}, {"reset": true}',
      );
    }
    // The offset the move leads to (the real time is the clock's time less its offset).
    const offsetAfter =
      typeof body.advanceMs === 'number'
        ? clock.offsetMs() + body.advanceMs
        : at && !Number.isNaN(at.getTime())
          ? at.getTime() - (clock.now().getTime() - clock.offsetMs())
          : 0;
    if (!(Math.abs(offsetAfter) <= MAX_OFFSET_MS)) {
      throw invalidArgument('The clock stays within ten years of the real time.');
    }
    if (body.reset === true) clock.reset();
    else if (
      Number.isInteger(body.advanceMs) &&
      Math.abs(body.advanceMs as number) <= 366 * DAY_MS
    ) {
      clock.advance(body.advanceMs as number);
    } else if (at && !Number.isNaN(at.getTime())) clock.set(at);
    else {
      throw invalidArgument(
        'advanceMs must be a whole number of ms within a year, to an ISO time, reset true',
      );
    }
    request.log.warn(state(), 'development clock moved');
    await context.jobs.runPass();
    return state();
  });
}

/**
 * `POST /api/dev/sms/tutor-reply {"from": "<tutor's phone>", "body": "STOP"}`: a tutor's text to
 * the organisation's notification number, through the same code as Twilio's inbound webhook.
 */
export function registerTutorTextRoute(scope: FastifyInstance, context: RouteContext): void {
  scope.post('/dev/sms/tutor-reply', async (request, reply) => {
    const body = request.body as { from?: unknown; body?: unknown } | undefined;
    if (
      typeof body?.from !== 'string' ||
      !/^\+[1-9][0-9]{6,14}$/.test(body.from) ||
      typeof body.body !== 'string'
    ) {
      throw invalidArgument('body must be {"from": "<E.164 phone>", "body": "<text>"}');
    }
    const to = context.config.notifications.textFrom;
    if (!to) throw new ApiError(409, 'This server has no notification number.');
    const outcome = await receiveText(context, request.log, {
      from: body.from,
      to,
      body: body.body,
      providerMessageId: `SMdev${randomUUID().replaceAll('-', '')}`,
      receivedAt: context.now(),
    });
    return reply.code(201).send({ status: outcome });
  });
}
