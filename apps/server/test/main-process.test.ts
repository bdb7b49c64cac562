// The real entry point as `npm start` runs it: a child process with only the environment.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/open.ts';
import { devSmsOutbox, messages } from '../src/db/schema.ts';
import { PRODUCTION_ENV } from './support/app.ts';
import {
  createPostgresDatabase,
  onPostgres,
  pgliteDataDirFromTemplate,
} from './support/database.ts';
import { authEmulatorHost, googleIdToken } from './support/emulator.ts';
import { listeningUrl, startMain, waitFor } from './support/main-process.ts';

/** Maya's request headers (a Google session) and the id of her student Sofia (demo data). */
async function mayaAndSofia(url: string) {
  const token = await googleIdToken({ email: 'maya.chen@tutoring.example.org' });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const tutor = (await (await fetch(`${url}/api/tutor`, { headers })).json()) as {
    correspondents: Array<{ id: string; First_Name: string }>;
  };
  return { headers, studentId: tutor.correspondents.find((s) => s.First_Name === 'Sofia')?.id };
}

describe('src/main.ts', () => {
  it('refuses to start with the Auth emulator in production: message and exit code 1', async () => {
    const main = startMain({
      ...PRODUCTION_ENV,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PORT: '0',
    });
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production',
    );
    expect(main.output()).not.toContain('listening');
  });

  // Issue 36, item 1: whatever NODE_ENV is not development or test runs the production rules, and
  // each refusal is one line of the start-up message.
  it.each([
    [
      'unset',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set under the production rules (NODE_ENV unset;',
    ],
    [
      'prod',
      { DATABASE_URL: 'mysql://root:secret@127.0.0.1/tutoring' },
      'DATABASE_URL must be a PostgreSQL URL (postgres:// or postgresql://), got mysql: ...',
    ],
    [
      'staging',
      { FORMS_WEBHOOK_SECRET: 'dev-forms-webhook-secret' },
      'FORMS_WEBHOOK_SECRET is a development default, public in the repository',
    ],
  ])('NODE_ENV %s: refuses to start, one line, exit code 1', async (nodeEnv, env, line) => {
    const main = startMain({
      ...PRODUCTION_ENV,
      NODE_ENV: nodeEnv === 'unset' ? undefined : nodeEnv,
      PORT: '0',
      ...env,
    });
    expect(await main.exited).toBe(1);
    const problems = main
      .output()
      .split('\n')
      .filter((text) => text.startsWith('  - '));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(line);
    expect(main.output()).not.toContain('secret@');
    expect(main.output()).not.toContain('listening');
  });

  it('refuses to start in production with a portal built for the demo Firebase project', async () => {
    const portal = mkdtempSync(join(tmpdir(), 'server-portal-'));
    try {
      mkdirSync(join(portal, 'assets'));
      writeFileSync(
        join(portal, 'assets', 'firebaseSession-x.js'),
        'var Fr=he($.VITE_FIREBASE_PROJECT_ID,`demo-tutoring`);',
      );
      const main = startMain({ ...PRODUCTION_ENV, PORT: '0', STATIC_DIR: portal });
      expect(await main.exited).toBe(1);
      expect(main.output()).toContain(
        `  - The portal in ${portal} was built for another Firebase project than FIREBASE_PROJECT_ID=${PRODUCTION_ENV.FIREBASE_PROJECT_ID}`,
      );
      expect(main.output()).not.toContain('listening');
    } finally {
      rmSync(portal, { recursive: true, force: true });
    }
  });

  it('starts, migrates and seeds, serves the API, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'server-main-'));
    const postgres = onPostgres() ? await createPostgresDatabase() : undefined;
    try {
      const main = startMain({
        NODE_ENV: 'development',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: postgres?.url,
        SEED: 'true',
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      });
      const url = await listeningUrl(main);
      expect(main.output()).toContain('seeded the demo data');

      const response = await fetch(`${url}/api/tutor`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });

      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
      expect(main.output()).toContain('shutting down');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  }, 120_000);

  it('a kill -9 during a stream of sends loses no acknowledged message', async () => {
    const dataDir = pgliteDataDirFromTemplate('server-kill-');
    const postgres = onPostgres() ? await createPostgresDatabase() : undefined;
    const env = {
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url,
      SEED: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      // Texts go out whatever the hour the test runs at (not held for the family's night).
      FAMILY_QUIET_HOURS: 'none',
    };
    try {
      const first = startMain(env);
      const url = await listeningUrl(first);
      const { headers, studentId } = await mayaAndSofia(url);

      const acknowledged: string[] = [];
      let sent = 0;
      const stream = async (lane: number) => {
        for (;;) {
          sent += 1;
          const body = JSON.stringify({ studentId, message: `kill test ${lane}-${sent}` });
          try {
            const response = await fetch(`${url}/api/tutor/send-message`, {
              method: 'POST',
              headers,
              body,
            });
            if (response.status !== 201) return;
            acknowledged.push(((await response.json()) as { message: { id: string } }).message.id);
          } catch {
            return; // the server is gone
          }
        }
      };
      const lanes = [stream(1), stream(2), stream(3)];
      await waitFor(() => acknowledged.length >= 15, '15 acknowledged sends', 60_000);
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(lanes);
      expect(acknowledged.length).toBeGreaterThanOrEqual(15);

      const second = startMain(env);
      const restarted = await listeningUrl(second);
      const conversation = (await (
        await fetch(`${restarted}/api/tutor/messages`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ studentId }),
        })
      ).json()) as { messages: Array<{ id: string }> };
      const stored = new Set(conversation.messages.map((m) => m.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  }, 240_000);

  // How connections drain on SIGTERM does not depend on the database: this runs on PostgreSQL,
  // the production one (two more server starts with the demo seed would add 15 s on PGlite).
  it.runIf(onPostgres())(
    'SIGTERM during a stream of sends: every accepted send completes, none is lost or sent twice',
    async () => {
      const postgres = await createPostgresDatabase();
      const env = {
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: postgres.url,
        SEED: 'true',
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
        // Texts go out whatever the hour the test runs at (not held for the family's night).
        FAMILY_QUIET_HOURS: 'none',
      };
      try {
        const first = startMain(env);
        const url = await listeningUrl(first);
        const { headers, studentId } = await mayaAndSofia(url);

        // Every text is unique; a send either gets its 201, or fails without being accepted.
        const acknowledged: string[] = [];
        let attempts = 0;
        let stopped = false;
        const stream = async (lane: number) => {
          while (!stopped) {
            attempts += 1;
            const text = `sigterm test ${lane}-${attempts}`;
            try {
              const response = await fetch(`${url}/api/tutor/send-message`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ studentId, message: text }),
              });
              if (response.status === 201) acknowledged.push(text);
              else stopped = true; // 503 while closing: refused, not accepted
            } catch {
              stopped = true; // refused: the listener is closed
            }
          }
        };
        const lanes = [stream(1), stream(2), stream(3), stream(4)];
        await waitFor(() => acknowledged.length >= 12, '12 acknowledged sends', 60_000);
        first.child.kill('SIGTERM');
        const code = await first.exited;
        expect(code, first.output().slice(-3000)).toBe(0);
        await Promise.all(lanes);
        expect(first.output()).toContain('shutting down');

        // What the stopped server left behind, read straight from its database.
        const database = await openPostgres(postgres.url);
        try {
          const ofThisTest = (texts: string[]) =>
            texts.filter((text) => text.startsWith('sigterm test')).sort();
          const stored = await database.db.select({ body: messages.body }).from(messages);
          const outbox = await database.db.select({ body: devSmsOutbox.body }).from(devSmsOutbox);
          // Stored and handed to the SMS provider exactly once each: precisely the acknowledged
          // texts. A text stored without its 201 would be a request accepted, then cut by the stop.
          expect(ofThisTest(stored.map((row) => row.body))).toEqual([...acknowledged].sort());
          expect(ofThisTest(outbox.map((row) => row.body))).toEqual([...acknowledged].sort());
        } finally {
          await database.close();
        }
      } finally {
        await postgres.drop();
      }
    },
    240_000,
  );
});
