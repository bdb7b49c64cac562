// The Firebase Auth emulator (firebase-tools): a `demo-` project needs no login and runs offline.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startService, waitForUrl } from './process.mjs';

export const FIREBASE_PROJECT_ID = 'demo-tutoring';

async function isAuthEmulator(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = await response.json();
    return Boolean(body?.authEmulator?.ready);
  } catch {
    return false;
  }
}

/**
 * Starts the Auth emulator on the given ports, or reuses one already answering there (the test run
 * starts one for all layers, and e2e's stack then finds it). Returns its host and a stop function.
 */
export async function startAuthEmulator({
  authPort,
  hubPort,
  loggingPort,
  quiet = true,
  timeoutMs = 90000,
}) {
  const host = `127.0.0.1:${authPort}`;
  if (await isAuthEmulator(host)) {
    return { host, reused: true, stop: async () => {} };
  }
  const configDir = join(repoRoot, '.tmp');
  mkdirSync(configDir, { recursive: true });
  const configFile = join(configDir, `firebase.emulator-${authPort}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const service = startService(
    'Firebase Auth emulator',
    join(repoRoot, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', FIREBASE_PROJECT_ID, '--config', configFile],
    { quiet, cwd: configDir, env: { ...process.env, CI: 'true' } },
  );
  try {
    await waitForUrl(`http://${host}/`, { timeoutMs, service });
  } catch (error) {
    await service.stop(); // not left running when it did not come up in time
    throw error;
  }
  return { host, reused: false, stop: () => service.stop(), service };
}
