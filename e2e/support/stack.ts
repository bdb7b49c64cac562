// The e2e stack (scripts/stack.mjs, started by playwright.config.ts): one portal build and one Auth
// emulator, and one server per Playwright worker, each with data of its own and its own double of
// DeepL's API, so that two workers never meet in a database, an outbox or the server's clock.
//
// Its ports (CONVENTIONS), apart from `npm start`'s so both can run at once: worker i's server on
// 8180 + i and its translation double on 9299 + i; the emulator on 9199, with its hub and logging
// ports. E2E_PORT_OFFSET shifts them all, so that several checkouts or people can run the suite
// side by side on one machine (an offset of 10 or more keeps two workers' ports apart).
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const stackPorts = {
  port: 8180 + portOffset,
  authPort: 9199 + portOffset,
  hubPort: 4490 + portOffset,
  loggingPort: 4590 + portOffset,
  // The local double of DeepL's API (scripts/lib/deepl-double.mjs): translation is on in e2e.
  translationDoublePort: 9299 + portOffset,
};

/** Set to test a stack that is already running (e.g. `npm start`'s): then no stack is started. */
export const runningStackUrl = process.env.E2E_BASE_URL;

/**
 * Two workers, each with its server: the tests wait on the browser and the server for much of
 * their time, and one worker left a third of the two cores idle. E2E_WORKERS=1 runs them one
 * after the other; a running stack (E2E_BASE_URL) has one server, so one worker.
 */
export const e2eWorkers = runningStackUrl ? 1 : Number(process.env.E2E_WORKERS ?? 2);

/** The server worker `parallelIndex` talks to. */
export const serverUrlFor = (parallelIndex: number): string =>
  runningStackUrl ?? `http://127.0.0.1:${stackPorts.port + parallelIndex}`;

/** The translation double beside that worker's server. */
export const translationDoubleUrlFor = (parallelIndex: number): string =>
  `http://127.0.0.1:${stackPorts.translationDoublePort + parallelIndex}`;
