// Issue 36, item 5: a disabled account, or one whose tokens were revoked, loses access once the
// verified-token cache lets go of its token (at most five minutes), not when the token expires.
// Real ID tokens of the Auth emulator; the cache runs on a clock the test moves.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Auth, getAuth } from 'firebase-admin/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirebaseIdentity } from '../src/providers/identity.ts';
import {
  DEFAULT_MAX_CACHED_TOKEN_AGE_MS,
  withVerifiedTokenCache,
} from '../src/providers/verified-token-cache.ts';
import { insertTutor } from '../src/seed/fixtures.ts';
import { bearer, startTestApp, type TestApp, testConfig } from './support/app.ts';
import {
  authEmulatorHost,
  decodeJwtPayload,
  googleIdToken,
  uniqueEmail,
} from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const PROJECT_ID = testConfig().firebaseProjectId;
// Accounts of this file only: disabling one never touches another test's tutor.
const disabledTutor = uniqueEmail('disabled.tutor', ORG);
const revokedTutor = uniqueEmail('revoked.tutor', ORG);

let clockMs = Date.now();
let server: TestApp;
const admin = initializeApp({ projectId: PROJECT_ID }, `revocation-test-${randomUUID()}`);

beforeAll(async () => {
  server = await startTestApp({
    dependencies: {
      // The app keeps a cache it is given as it is (no second cache around it).
      identity: withVerifiedTokenCache(
        createFirebaseIdentity({ projectId: PROJECT_ID, authEmulatorHost: authEmulatorHost() }),
        { now: () => clockMs },
      ),
    },
    fixtures: async (db) => {
      for (const [index, email] of [disabledTutor, revokedTutor].entries()) {
        await insertTutor(db, {
          tutorCode: `TUT-R${index}`,
          externalRecordId: `recRevocation${index}`,
          firstName: 'Revocation',
          lastName: `Test ${index}`,
          email,
        });
      }
    },
  });
});

afterAll(async () => {
  await server?.close();
  await deleteApp(admin);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const getTutor = (idToken: string) =>
  server.app.inject({ method: 'GET', url: '/api/tutor', headers: bearer(idToken) });

/** The emulator's REST API, as the Firebase console would: the account can no longer sign in. */
async function disableAccount(uid: string) {
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, disableUser: true }),
    },
  );
  expect(response.status).toBe(200);
}

function expectSignInAgain(response: Awaited<ReturnType<typeof getTutor>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({
    error: {
      status: 'UNAUTHENTICATED',
      message: 'The ID token is invalid or has expired. Sign in again.',
      requestId: expect.any(String),
    },
  });
}

describe('revocation within the cache’s lifetime', () => {
  it('asks Firebase to check revocation and disabled accounts on every uncached verification', async () => {
    const verify = vi.spyOn(Auth.prototype, 'verifyIdToken');
    const identity = createFirebaseIdentity({
      projectId: PROJECT_ID,
      authEmulatorHost: authEmulatorHost(),
    });
    try {
      const token = await googleIdToken({ email: uniqueEmail('checked.tutor', ORG) });
      await identity.verifyIdToken(token);
      expect(verify).toHaveBeenCalledWith(token, true);
    } finally {
      await identity.close();
    }
  });

  it('a disabled tutor is refused with 401 once the cached verification expires', async () => {
    const token = await googleIdToken({ email: disabledTutor });
    expect((await getTutor(token)).statusCode).toBe(200);

    await disableAccount(String(decodeJwtPayload(token).user_id));
    // Still answered from the cache: the window the README states.
    clockMs += 60_000;
    expect((await getTutor(token)).statusCode).toBe(200);

    clockMs += DEFAULT_MAX_CACHED_TOKEN_AGE_MS;
    expectSignInAgain(await getTutor(token));
    // A refusal is never cached: it stays refused.
    expectSignInAgain(await getTutor(token));
  });

  it('a tutor whose tokens were revoked is refused with 401 once the cached verification expires', async () => {
    const token = await googleIdToken({ email: revokedTutor });
    expect((await getTutor(token)).statusCode).toBe(200);

    // Revocation compares whole seconds with the token's auth_time: revoke in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await getAuth(admin).revokeRefreshTokens(String(decodeJwtPayload(token).user_id));
    expect((await getTutor(token)).statusCode).toBe(200);

    clockMs += DEFAULT_MAX_CACHED_TOKEN_AGE_MS + 1_000;
    expectSignInAgain(await getTutor(token));
  });
});
