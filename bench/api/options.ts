// What a run of `pnpm bench:api` measures and where: its command line, read once, and the ports,
// names and pool sizes of what it starts.
import { parseArgs } from 'node:util';

const USAGE = `pnpm bench:api [--scale 1] [--duration 10] [--connections 50] [--tokens 200]
               [--growth] [--plans] [--pglite] [--log-level info] [--server-log file]
               [--cpu-prof dir]
               [--routes tutor,tutor-304,poll,poll-new,send,announcements,actions,pathway,compressed]
               [--hold stack.json] [--pg-setting name=value ...]

The API's hot routes under load on an organisation-scale dataset (README.md, "Benchmarks").`;

// Ports of the benchmark, apart from npm start's (8080/9099/4400/4500), the tests' (9199/4490/
// 4590/54329) and the e2e stacks' (8180+/9199+/4490+/4590+).
export const PORTS = {
  server: 6371,
  reference: 6372,
  // --growth: a second server, on the copy of the dataset with 10x the messages and sessions.
  serverTenX: 6373,
  postgres: 54371,
  auth: 9371,
  hub: 4371,
  log: 4372,
};
export const ORG_DOMAIN = 'tutoring.example.org';
export const TEN_X_DATABASE = 'bench_10x';
/**
 * The reference's pool: pg's best here, not the server's size. pg runs one query per connection
 * at a time, so the server's single pipelined connection would make pg wait on itself and flatter
 * every ratio; 2 and 4 connections read alike on the benchmark machine (9,652 and 9,600 req/s).
 */
export const REFERENCE_POOL_SIZE = 2;

export const { values: args } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h', default: false },
    scale: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    tokens: { type: 'string', default: '200' },
    seed: { type: 'string', default: '20240915' },
    growth: { type: 'boolean', default: false },
    plans: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'server-log': { type: 'string' },
    // A V8 CPU profile of the server over the whole run, written to this folder when it stops
    // (open the .cpuprofile in Chrome DevTools' Performance panel).
    'cpu-prof': { type: 'string' },
    // Only these routes (besides the reference), e.g. `--routes tutor,poll` while working on them.
    routes: { type: 'string' },
    // Node or V8 flags of the server's process; the default is what `start:prod` runs with
    // (apps/server/package.json).
    'server-node-options': {
      type: 'string',
      default: '--max-semi-space-size=16 --max-old-space-size=160',
    },
    // Load nothing: keep PostgreSQL and the Auth emulator up with the dataset, write to this file
    // the server's environment and the tutors' tokens, and wait for Ctrl-C. For profiling the
    // server by hand (start bench/api/server.mjs with that environment, load it with autocannon).
    hold: { type: 'string' },
    // A PostgreSQL setting for this run, e.g. `--pg-setting shared_buffers=1GB` (repeatable): the
    // default is PostgreSQL's own configuration, as the tests run it.
    'pg-setting': { type: 'string', multiple: true, default: [] },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
export const pglite = args.pglite;
export const pgSettings = Object.fromEntries(
  (args['pg-setting'] ?? []).map((setting) => {
    const match = /^([a-z_.]+)=(\S+)$/.exec(setting);
    if (!match) throw new Error(`--pg-setting takes name=value, got '${setting}'`);
    return [match[1], match[2]];
  }),
);
// PGlite loads one statement at a time in WebAssembly: the full dataset takes minutes there.
export const scale = Number(args.scale ?? (pglite ? '0.1' : '1'));
export const duration = Number(args.duration);
if (!(duration > 0))
  throw new Error(`--duration takes a number of seconds above 0, got '${args.duration}'`);
export const connections = Number(args.connections);
export const tokenCount = Number(args.tokens);
/**
 * Seconds of load before each measured run: a quarter of it, 1 to 3 s; a run shorter than a
 * second (`npm test`'s smoke pass, which only checks that every route completes) warms up for as
 * long as it runs.
 */
export const warmup = duration < 1 ? duration : Math.max(1, Math.min(3, Math.round(duration / 4)));
/** The pause after each run before the database's backlog is checked (settle): at most 1 s. */
export const settlePauseMs = Math.min(1000, duration * 1000);
const ROUTE_KEYS = [
  'tutor',
  'tutor-304',
  'poll',
  'poll-new',
  'send',
  'announcements',
  'actions',
  'pathway',
  'compressed',
];
const selectedRoutes = new Set(args.routes?.split(',').map((key) => key.trim()) ?? ROUTE_KEYS);
for (const key of selectedRoutes) {
  if (!ROUTE_KEYS.includes(key))
    throw new Error(`--routes: unknown route '${key}'; known: ${ROUTE_KEYS.join(', ')}`);
}
/** Whether the run measures this route (--routes). */
export const runs = (key: string) => selectedRoutes.has(key);
