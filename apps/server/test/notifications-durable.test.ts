// Issue 35: notifications are rows in PostgreSQL (notification_jobs), composed and claimed with
// FOR UPDATE SKIP LOCKED, so several instances may run the notifier side by side and a server
// killed in the middle of a burst loses none and sends none twice. The first test runs passes of
// several "instances" at once over a burst (each its own connection pool on PostgreSQL; PGlite has
// one connection, so there they interleave rather than overlap); the second kills the real server
// process with SIGKILL during a burst of replies and restarts it.
import { rmSync } from 'node:fs';
import { isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/open.ts';
import { messages, notificationJobs } from '../src/db/schema.ts';
import { composeDueNotifications } from '../src/modules/notifications/compose.ts';
import { deliverNotifications, LEASE_MS } from '../src/modules/notifications/deliver.ts';
import type { MailMessage, MailProvider } from '../src/providers/mail.ts';
import { createDevSms } from '../src/providers/sms.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { startTestApp } from './support/app.ts';
import { caller } from './support/calls.ts';
import {
  createPostgresDatabase,
  onPostgres,
  pgliteDataDirFromTemplate,
} from './support/database.ts';
import { authEmulatorHost, googleIdToken, uniqueEmail } from './support/emulator.ts';
import { listeningUrl, startMain, waitFor } from './support/main-process.ts';

const START = new Date('2026-06-10T16:00:00Z'); // 12:00 in New York: no quiet hours
const MINUTE = 60_000;
const POLICY = {
  replyDelayMs: 10 * MINUTE,
  batchWindowMs: 30 * MINUTE,
  defaultQuietHours: { start: '21:00', end: '08:00' },
  timeZone: 'America/New_York',
  textFrom: '+15550100000',
  secret: 'test-notification-secret-0123456789',
};

/** How many replies of each student a set of notification texts tells of. */
function repliesTold(texts: string[]): Map<string, number> {
  const told = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(
      /^(.+?)'s family (?:replied: “|sent (\d+) replies, the first)/gm,
    )) {
      const name = match[1] as string;
      told.set(name, (told.get(name) ?? 0) + Number(match[2] ?? 1));
    }
  }
  return told;
}

describe('several instances at once over a burst of replies', () => {
  it('compose and send each notification exactly once', async () => {
    const emails = Array.from({ length: 4 }, (_, n) =>
      uniqueEmail(`burst${n}`, 'tutoring.example.org'),
    );
    const studentIds: string[] = [];
    const server = await startTestApp({
      now: () => START,
      config: { twilio: undefined, textResendIntervalMs: 0 },
      fixtures: async (db) => {
        for (const [t, email] of emails.entries()) {
          const tutor = await insertTutor(db, {
            tutorCode: `TUT-B${t}`,
            externalRecordId: `recBurstTutor${t}`,
            firstName: `Tutor${t}`,
            lastName: 'Burst',
            email,
          });
          for (let s = 0; s < 3; s += 1) {
            const n = t * 3 + s;
            const student = await insertStudent(db, {
              tutorId: tutor.id,
              studentCode: `STU-B${n}`,
              firstName: `Kid${n}`,
              lastName: 'Burst',
              guardianPhone: `+1555050${String(n).padStart(4, '0')}`,
              forwardingNumber: `+1555059${String(n).padStart(4, '0')}`,
            });
            studentIds.push(student.id);
          }
        }
      },
    });
    const extraPools: Array<{ close(): Promise<void> }> = [];
    try {
      const api = caller(() => server.app);
      const burst = async (round: number) => {
        const replies = studentIds.flatMap((studentId, n) =>
          Array.from({ length: 1 + (n % 3) }, (_, k) => ({
            studentId,
            body: `r${round}-${n}-${k}`,
          })),
        );
        const answers = await Promise.all(
          replies.map((reply) => api.post('/dev/sms/inbound', reply)),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual(replies.map(() => 201));
        return replies.length;
      };
      // Each instance has its own pool on PostgreSQL, as separate servers would.
      const pools: Database[] = [server.db];
      if (server.database.url) {
        for (let i = 0; i < 3; i += 1) {
          const handle = await openPostgres(server.database.url);
          extraPools.push(handle);
          pools.push(handle.db);
        }
      } else {
        pools.push(server.db, server.db, server.db);
      }
      const sent: MailMessage[] = [];
      const mail: MailProvider = {
        kind: 'dev-outbox',
        async send(message) {
          // Slow enough that passes overlap while one is handing over.
          await new Promise((resolve) => setTimeout(resolve, 5));
          sent.push(message);
        },
        close() {},
      };
      const pass = async (db: Database, now: Date) => {
        const services = { db, log: server.app.log, now };
        await composeDueNotifications({
          ...services,
          policy: POLICY,
          publicUrl: 'https://p.example',
        });
        await deliverNotifications({
          ...services,
          mail,
          sms: createDevSms(db, () => now),
          textFrom: POLICY.textFrom,
          publicUrl: 'https://p.example',
          secret: POLICY.secret,
          orgDomain: 'tutoring.example.org',
        });
      };
      const passes = (now: Date) =>
        Promise.all(pools.flatMap((db) => [pass(db, now), pass(db, now), pass(db, now)]));

      const first = await burst(1);
      await passes(new Date(START.getTime() + 10 * MINUTE));
      expect(sent.map((m) => m.to).sort()).toEqual([...emails].sort());
      expect([...repliesTold(sent.map((m) => m.text)).values()].reduce((a, b) => a + b)).toBe(
        first,
      );

      // A second burst: inside the window nothing more; after it, one more each.
      const second = await burst(2);
      await passes(new Date(START.getTime() + 20 * MINUTE));
      expect(sent).toHaveLength(4);
      await passes(new Date(START.getTime() + 41 * MINUTE));
      expect(sent).toHaveLength(8);
      const told = repliesTold(sent.slice(4).map((m) => m.text));
      expect([...told.values()].reduce((a, b) => a + b)).toBe(second);
      expect(new Set(sent.map((m) => m.messageId)).size).toBe(8);

      const jobs = await server.db.select().from(notificationJobs);
      expect(jobs.map((job) => [job.state, job.attempts])).toEqual(jobs.map(() => ['sent', 1]));
      expect(
        await server.db.select().from(messages).where(isNotNull(messages.notifySince)),
      ).toEqual([]);
      const untold = await server.db
        .select({ id: messages.id })
        .from(messages)
        .where(isNull(messages.notificationId));
      expect(untold).toEqual([]);
    } finally {
      for (const pool of extraPools) await pool.close();
      await server.close();
    }
  }, 60_000);
});

/** Every demo student's unread count, by name, as the tutors' dashboards show it. */
async function unreadByStudent(url: string, tokens: string[]): Promise<Map<string, number>> {
  const unread = new Map<string, number>();
  for (const token of tokens) {
    const response = await fetch(`${url}/api/tutor`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const tutor = (await response.json()) as {
      correspondents: Array<{
        id: string;
        First_Name: string;
        Last_Name: string;
        unreadCount: number;
      }>;
    };
    for (const s of tutor.correspondents)
      unread.set(`${s.First_Name} ${s.Last_Name}|${s.id}`, s.unreadCount);
  }
  return unread;
}

describe('kill -9 during a burst of replies', () => {
  it('loses no notification and sends none twice', async () => {
    const dataDir = pgliteDataDirFromTemplate('server-notify-kill-');
    const postgres = onPostgres() ? await createPostgresDatabase() : undefined;
    const env = {
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url,
      SEED: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      // Every reply is due at once and every pass may send: the notifier is as busy as it gets.
      NOTIFY_REPLY_DELAY_MS: '0',
      NOTIFY_BATCH_WINDOW_MS: '0',
      NOTIFY_QUIET_HOURS: 'none',
      SCHEDULER_INTERVAL_MS: '100',
    };
    try {
      const first = startMain(env);
      const url = await listeningUrl(first);
      const tokens = await Promise.all(
        ['maya.chen@tutoring.example.org', 'jordan.lee@tutoring.example.org'].map((email) =>
          googleIdToken({ email }),
        ),
      );
      const before = await unreadByStudent(url, tokens);
      const students = [...before.keys()].map((key) => key.split('|')[1] as string);

      let acknowledged = 0;
      let sequence = 0;
      const lane = async () => {
        for (;;) {
          sequence += 1;
          const studentId = students[sequence % students.length];
          try {
            const response = await fetch(`${url}/api/dev/sms/inbound`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ studentId, body: `kill burst ${sequence}` }),
            });
            if (response.status !== 201) return;
            acknowledged += 1;
          } catch {
            return; // the server is gone
          }
        }
      };
      const lanes = [lane(), lane(), lane()];
      await waitFor(() => (acknowledged >= 40 ? true : undefined), '40 replies', 60_000);
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(lanes);

      const second = startMain(env);
      const restarted = await listeningUrl(second);
      const after = await unreadByStudent(restarted, tokens);
      const stored = new Map<string, number>();
      for (const [key, count] of after) {
        const added = count - (before.get(key) ?? 0);
        if (added > 0) stored.set(key.split('|')[0] as string, added);
      }
      const storedTotal = [...stored.values()].reduce((a, b) => a + b, 0);
      expect(storedTotal).toBeGreaterThanOrEqual(acknowledged);
      // A claim the killed server held waits out its lease: move the clock past it.
      const moved = await fetch(`${restarted}/api/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: LEASE_MS + MINUTE }),
      });
      expect(moved.status).toBe(200);
      const told = await waitFor(
        async () => {
          const outbox = (await (await fetch(`${restarted}/api/dev/outbox`)).json()) as Array<{
            text: string;
          }>;
          const counted = repliesTold(outbox.map((mail) => mail.text));
          const total = [...counted.values()].reduce((a, b) => a + b, 0);
          return total >= storedTotal ? counted : undefined;
        },
        'every stored reply told',
        30_000,
      );
      // Every reply stored is in exactly one notification e-mail: none lost, none told twice.
      expect(Object.fromEntries(told)).toEqual(Object.fromEntries(stored));
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  }, 240_000);
});
