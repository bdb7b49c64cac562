// Issue 37, item 5: the drain for load balancers. On SIGTERM readiness answers 503 at once while
// the listener still accepts new connections for SHUTDOWN_DRAIN_MS; then it closes and the process
// exits 0. The real entry point (src/main.ts) as a child process, each request on a connection of
// its own, as a load balancer's health check and a new client would make. How the drain runs does
// not depend on the database: PGlite only (the PostgreSQL layer would only repeat it).
import { rmSync } from 'node:fs';
import { get } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres, pgliteDataDirFromTemplate } from './support/database.ts';
import { authEmulatorHost } from './support/emulator.ts';
import { listeningUrl, startMain, waitFor } from './support/main-process.ts';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function startDraining(drainMs: number) {
  const dataDir = pgliteDataDirFromTemplate('server-drain-');
  dataDirs.push(dataDir);
  return startMain({
    NODE_ENV: 'development',
    PORT: '0',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    SHUTDOWN_DRAIN_MS: String(drainMs),
  });
}

/** A GET on a new TCP connection (no keep-alive pool): what a load balancer's check makes. */
function getOnNewConnection(
  url: string,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: 5000 }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

describe.skipIf(onPostgres())('the drain on SIGTERM (src/main.ts)', () => {
  it('readiness turns 503 at once, new connections are accepted for SHUTDOWN_DRAIN_MS, then exit 0', async () => {
    const drainMs = 2000;
    const main = startDraining(drainMs);
    const url = await listeningUrl(main);
    expect((await getOnNewConnection(`${url}/api/readyz`)).status).toBe(200);

    const signalled = Date.now();
    main.child.kill('SIGTERM');
    await waitFor(() => main.output().includes('shutting down'), 'the shutdown', 5000, 20);
    const readiness = await getOnNewConnection(`${url}/api/readyz`);
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toMatchObject({
      error: { status: 'UNAVAILABLE', message: 'The server is shutting down.' },
    });
    // Accepted and answered; the answer ends its connection, so the client reconnects elsewhere.
    const liveness = await getOnNewConnection(`${url}/api/healthz`);
    expect(liveness.status).toBe(200);
    expect(liveness.connection).toBe('close');
    const tutor = await getOnNewConnection(`${url}/api/tutor`);
    expect(tutor.status).toBe(401);

    // Late in the drain, still accepting.
    await new Promise((resolve) => setTimeout(resolve, drainMs - 600 - (Date.now() - signalled)));
    expect((await getOnNewConnection(`${url}/api/healthz`)).status).toBe(200);
    expect(main.child.exitCode).toBeNull();

    expect(await main.exited, main.output().slice(-2000)).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainMs);
    await expect(getOnNewConnection(`${url}/api/healthz`)).rejects.toThrow(/ECONNREFUSED/);
  }, 120_000);

  it('a second signal during the drain closes at once; SIGINT does not drain', async () => {
    const first = startDraining(60_000);
    const second = startDraining(60_000);
    const [firstUrl] = await Promise.all([listeningUrl(first), listeningUrl(second)]);

    first.child.kill('SIGTERM');
    await waitFor(() => first.output().includes('shutting down'), 'the shutdown', 5000, 20);
    expect((await getOnNewConnection(`${firstUrl}/api/readyz`)).status).toBe(503);
    const again = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output().slice(-2000)).toBe(0);
    expect(Date.now() - again).toBeLessThan(10_000);

    const interrupted = Date.now();
    second.child.kill('SIGINT');
    expect(await second.exited, second.output().slice(-2000)).toBe(0);
    expect(Date.now() - interrupted).toBeLessThan(10_000);
  }, 120_000);
});
