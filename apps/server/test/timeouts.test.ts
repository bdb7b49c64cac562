// Issue 36, item 7: slow clients cannot hold the server. 200 connections that trickle their
// headers (a slowloris: one byte a second, never finishing) neither slow down normal requests nor
// stay open past the headers timeout.

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';

const HEADERS_TIMEOUT_MS = 2000;
const SLOW_CONNECTIONS = 200;
let server: TestApp;
let origin: string;

beforeAll(async () => {
  server = await startTestApp({
    config: {
      timeouts: {
        requestMs: 5000,
        headersMs: HEADERS_TIMEOUT_MS,
        connectionMs: 90_000,
        keepAliveMs: 72_000,
      },
    },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => server?.close());

/** How long each of `count` normal requests takes, one after another (ms). */
async function normalRequests(count: number): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/healthz`);
    expect(response.status).toBe(200);
    await response.text();
    durations.push(performance.now() - started);
  }
  return durations;
}

interface SlowConnection {
  socket: Socket;
  openedAt: number;
  closed: Promise<{ afterMs: number; answer: string }>;
}

/** A connection that sends a request line, then its headers one byte a second, never ending. */
function trickle(port: number): Promise<SlowConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      const openedAt = performance.now();
      socket.write('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write('a');
      }, 1000);
      const closed = new Promise<{ afterMs: number; answer: string }>((done) =>
        socket.once('close', () => {
          clearInterval(drip);
          done({ afterMs: performance.now() - openedAt, answer });
        }),
      );
      resolve({ socket, openedAt, closed });
    });
    socket.once('error', reject);
  });
}

it('answers normal requests as usual while 200 connections trickle their headers, then closes those', async () => {
  const { port } = server.app.server.address() as AddressInfo;
  await normalRequests(5); // warm up
  const baseline = Math.max(...(await normalRequests(20)));

  const slow = await Promise.all(Array.from({ length: SLOW_CONNECTIONS }, () => trickle(port)));
  try {
    // Half a second in, every slow connection is open and mid-headers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(slow.every((connection) => !connection.socket.destroyed)).toBe(true);
    const during = await normalRequests(20);
    // Generous: the machine is shared, so only a tenfold slowdown (or a second) counts.
    expect(Math.max(...during)).toBeLessThan(Math.max(10 * baseline, 1000));

    const closed = await Promise.all(slow.map((connection) => connection.closed));
    for (const { afterMs, answer } of closed) {
      // Closed by the headers timeout (Node's check runs every quarter of it), not before it
      // and not by the connection's idle timeout (a byte a second keeps it busy).
      expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 4000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    }
    // The server still answers after the slow connections are gone.
    expect((await normalRequests(1)).length).toBe(1);
  } finally {
    for (const connection of slow) connection.socket.destroy();
  }
}, 30_000);
