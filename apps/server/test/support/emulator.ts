// Mints real Firebase ID tokens from the Auth emulator through its REST API, as the Firebase web
// SDK would, without a browser: a Google sign-in (sign_in_provider 'google.com') from a fake,
// unsigned Google id_token, which the emulator accepts, and a custom-token sign-in (a magic
// session, sign_in_provider 'custom'). Plain fetch, so the e2e suite can copy the approach.

const API_KEY = 'demo-api-key';

export function authEmulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set. Start the Firebase Auth emulator ' +
        '(pnpm exec firebase emulators:start --only auth --project demo-tutoring) and set it, e.g. 127.0.0.1:9099.',
    );
  }
  return host;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT (alg none): what the emulator accepts in place of Google's and custom tokens. */
export function unsignedJwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * A POST to the emulator, sent once more if the connection it went out on was closed under it:
 * fetch reuses idle keep-alive connections, and on a loaded machine one can reach the emulator
 * just as Node's keep-alive timeout there closes it ("other side closed"). Both sign-ins this
 * file asks for may be repeated.
 */
async function postToEmulator(url: string, body: unknown): Promise<Response> {
  const request = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    return await request();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return request();
  }
}

async function identityToolkit(method: string, body: unknown): Promise<{ idToken: string }> {
  const url = `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`;
  const response = await postToEmulator(url, body);
  const json = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !json.idToken) {
    throw new Error(
      `Auth emulator accounts:${method} failed: ${json.error?.message ?? response.status}`,
    );
  }
  return { idToken: json.idToken };
}

/** An ID token of a Google sign-in with this e-mail. */
export async function googleIdToken(options: {
  email: string;
  emailVerified?: boolean;
  name?: string;
}): Promise<string> {
  const googleToken = unsignedJwt({
    sub: `google-${options.email.toLowerCase()}`,
    email: options.email,
    email_verified: options.emailVerified ?? true,
    name: options.name ?? options.email.split('@')[0],
  });
  const { idToken } = await identityToolkit('signInWithIdp', {
    postBody: `id_token=${googleToken}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  return idToken;
}

/** An ID token of a custom-token sign-in: what a magic link's step-up token exchange yields. */
export async function customTokenIdToken(uid: string, claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const customToken = unsignedJwt({
    iss: 'firebase-auth-emulator@example.com',
    sub: 'firebase-auth-emulator@example.com',
    aud: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
    iat: now,
    exp: now + 3600,
    uid,
    claims,
  });
  const { idToken } = await identityToolkit('signInWithCustomToken', {
    token: customToken,
    returnSecureToken: true,
  });
  return idToken;
}

/** An ID token of an e-mail and password account (a sign-in method the portal does not use). */
export async function passwordIdToken(email: string): Promise<string> {
  const { idToken } = await identityToolkit('signUp', {
    email,
    password: 'correct-horse-battery',
    returnSecureToken: true,
  });
  return idToken;
}

/** The same token with its expiry moved to the past (the emulator's tokens are unsigned). */
export function expiredCopy(idToken: string): string {
  const payload = decodeJwtPayload(idToken);
  const past = Math.floor(Date.now() / 1000) - 7200;
  return unsignedJwt({ ...payload, iat: past - 3600, auth_time: past - 3600, exp: past });
}

/** A run-unique e-mail, so accounts never collide when one emulator serves several runs. */
export function uniqueEmail(localPart: string, domain: string): string {
  return `${localPart}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/** Signs in with a custom token the server minted, as the portal does; answers the ID token. */
export async function signInWithCustomToken(customToken: string): Promise<string> {
  const { idToken } = await identityToolkit('signInWithCustomToken', {
    token: customToken,
    returnSecureToken: true,
  });
  return idToken;
}
