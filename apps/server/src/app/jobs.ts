// What the server does on its own, on a timer (SCHEDULER_INTERVAL_MS), beside the resender of
// texts a crash left queued: texts held for families' quiet hours go out when they are due
// (messages/scheduled.ts), and tutors' notifications are composed and delivered
// (notifications/compose.ts, deliver.ts). Every step claims its rows in PostgreSQL (FOR UPDATE
// SKIP LOCKED, or a row lock per tutor), so several instances run them side by side, and a restart
// picks up where a stopped one left off. Passes run one at a time in an instance.
//
// Why rows and SKIP LOCKED rather than pg-boss: the work lives in the one database the server
// already has, in tables of the app's own migrations (no second schema for a library to create
// and upgrade, no extra process or polling loop of its own), and a notification is inserted in the
// same drizzle transaction that marks the messages it tells of, with no adapter between a queue
// library's client and ours. It is the resender's pattern (messages/delivery.ts): one way of doing
// background work in this server.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { newJobId } from '../http/background.ts';
import type { BackgroundJobs } from '../http/route-context.ts';
import { sendDueScheduledTexts } from '../modules/messages/scheduled.ts';
import { composeDueNotifications } from '../modules/notifications/compose.ts';
import { deliverNotifications } from '../modules/notifications/deliver.ts';
import type { MailProvider } from '../providers/mail.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { TranslationProvider } from '../providers/translation.ts';

export interface JobServices {
  db: Database;
  mail: MailProvider;
  sms: SmsProvider;
  translation: TranslationProvider;
  log: FastifyBaseLogger;
  now: () => Date;
  config: Config;
}

/** One pass of each job at `now`; a job's failure is logged and the next one still runs. */
async function runJobs(services: JobServices, now: Date): Promise<void> {
  const { db, config } = services;
  // Each pass's lines share a job id, as a request's share its request id.
  const log = services.log.child({ jobId: newJobId() });
  const steps: Array<[string, () => Promise<unknown>]> = [
    [
      'sending held texts',
      () =>
        sendDueScheduledTexts({
          db,
          sms: services.sms,
          translation: services.translation,
          log,
          now,
          timeZone: config.orgTimeZone,
          unattended: true,
        }),
    ],
    [
      'composing notifications',
      () =>
        composeDueNotifications({
          db,
          log,
          now,
          publicUrl: config.publicUrl,
          policy: { ...config.notifications, timeZone: config.orgTimeZone },
        }),
    ],
    [
      'delivering notifications',
      () =>
        deliverNotifications({
          db,
          mail: services.mail,
          sms: services.sms,
          log,
          now,
          textFrom: config.notifications.textFrom,
          publicUrl: config.publicUrl,
          secret: config.notifications.secret,
          orgDomain: config.orgDomain,
        }),
    ],
  ];
  for (const [name, step] of steps) {
    try {
      const outcome = await step();
      if (outcome && (typeof outcome !== 'object' || Object.values(outcome).some(Boolean))) {
        log.info({ outcome }, `background: ${name}`);
      }
    } catch (error) {
      log.error({ err: error }, `background: ${name} failed`);
    }
  }
}

/** The jobs, not yet running: start() runs them on a timer, runPass() once (the dev clock). */
export function createBackgroundJobs(
  services: JobServices,
): BackgroundJobs & { start(intervalMs: number): void; stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const runPass = () => {
    running = running.then(() => (stopped ? undefined : runJobs(services, services.now())));
    return running;
  };
  return {
    runPass,
    start(intervalMs) {
      if (intervalMs <= 0 || timer) return;
      runPass();
      timer = setInterval(runPass, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
