// Issue 36, item 2: the client's address (request.ip, which keys the per-IP limits) comes from
// X-Forwarded-For only as far as the trusted proxies vouch for it: a client that writes its own
// header, directly or through the proxy, cannot walk around the magic-link limit per IP.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { expectError } from './support/calls.ts';

const PER_IP = 3;
let server: TestApp;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
});

/** An instance on the shared database that trusts these proxies (TRUST_PROXY). */
async function behind(trustProxy: Config['trustProxy']): Promise<FastifyInstance> {
  const app = await buildApp(
    testConfig({ trustProxy, signInLinkLimits: { perEmail: 1000, perIp: PER_IP } }),
    { database: server.database.handle },
  );
  apps.push(app);
  return app;
}

let sent = 0;
/** A magic-link request from the socket address `from`, with this X-Forwarded-For if any. */
function requestLink(app: FastifyInstance, from: string, forwardedFor?: string) {
  sent += 1;
  return app.inject({
    method: 'POST',
    url: '/api/functions/sendEmailSignInLink',
    remoteAddress: from,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: JSON.stringify({ data: { email: `someone${sent}@example.com` } }),
  });
}

/** PER_IP requests answer 200 and the next is refused with 429, whatever `forged` varies. */
async function limitedAfterPerIp(send: (forged: string) => ReturnType<typeof requestLink>) {
  for (let i = 0; i < PER_IP; i += 1) {
    const response = await send(`192.0.2.${i + 1}`);
    expect(response.statusCode, response.body).toBe(200);
  }
  expectError(await send('192.0.2.200'), 429, 'RESOURCE_EXHAUSTED');
}

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored, the socket address is the client', async () => {
    const app = await behind(false);
    await limitedAfterPerIp((forged) => requestLink(app, '203.0.113.10', forged));
  });

  it('a list of proxies: a forged header from outside it does not move the limit', async () => {
    const app = await behind(['10.0.0.0/8']);
    // Straight to the server, not through the proxy: the header is the client's own words.
    await limitedAfterPerIp((forged) => requestLink(app, '203.0.113.20', forged));
  });

  it('a list of proxies: through the proxy, the client is the hop the proxy appended', async () => {
    const app = await behind(['10.0.0.0/8']);
    // The client wrote a header of its own; the proxy (10.0.0.5) appended the address it saw.
    await limitedAfterPerIp((forged) => requestLink(app, '10.0.0.5', `${forged}, 198.51.100.7`));
    // Another client behind the same proxy has a count of its own: the proxy is not the client.
    const other = await requestLink(app, '10.0.0.5', '198.51.100.8');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('a hop count of 1: the address the one proxy appended, whatever the client wrote', async () => {
    const app = await behind(1);
    await limitedAfterPerIp((forged) =>
      requestLink(app, '10.1.2.3', `${forged}, 203.0.113.99, 198.51.100.30`),
    );
    const other = await requestLink(app, '10.1.2.3', '198.51.100.31');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('every hop trusted (the refused TRUST_PROXY=true) would let the forged header through', async () => {
    // The contrast the refusal rests on: each forged address is a new client, no limit comes.
    const app = await behind(true as unknown as Config['trustProxy']);
    for (let i = 0; i < PER_IP + 2; i += 1) {
      const response = await requestLink(app, '203.0.113.50', `192.0.2.${50 + i}`);
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
