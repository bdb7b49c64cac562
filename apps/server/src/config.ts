import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { productionProviderProblems } from './providers/settings.ts';

/** The repository root, so defaults work whatever the working directory is. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A file the build puts beside the built server (dist/, see scripts/build.mjs), else the
 * repository's own: a server run from a `pnpm deploy` folder has no repository around it.
 */
function besideBuild(name: string): string {
  const built = fileURLToPath(new URL(`./${name}`, import.meta.url));
  return existsSync(built) ? built : resolve(repoRoot, name);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The rules the server runs by. Only NODE_ENV=development or test gives the development ones; any
 * other value, or none, gives production's (fail closed: `prod`, `staging` or a forgotten variable
 * must not open the development routes or accept the well-known secrets).
 */
export type NodeEnv = 'development' | 'test' | 'production';

export interface Config {
  host: string;
  port: number;
  nodeEnv: NodeEnv;
  /** PostgreSQL connection string; when absent the server runs on PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections of the pool to PostgreSQL. */
  databasePoolSize: number;
  /** How long PostgreSQL may take to connect, and to run one statement (db/open.ts). */
  databaseTimeouts: DatabaseTimeouts;
  dataDir: string;
  /** host:port of the Firebase Auth emulator; never allowed in production. */
  firebaseAuthEmulatorHost: string | undefined;
  firebaseProjectId: string;
  /** Lower-case domain (no '@') that tutors' Google accounts must belong to. */
  orgDomain: string;
  /** Folder of the built portal; when set the server also serves it (SPA fallback). */
  staticDir: string | undefined;
  /** Seed the demo data when the database is empty. */
  seed: boolean;
  openapiPath: string;
  logLevel: LogLevel;
  /**
   * What a response that breaks the contract does: 'error' turns it into a 500 (development and
   * tests, so drift is caught), 'log' logs it and sends it anyway (production, where users should
   * not pay for a mismatch in a field they may not even read).
   */
  responseValidation: 'error' | 'log';
  /** Public origin of the portal, used in links sent by e-mail (magic links). */
  publicUrl: string;
  /** Origin allowed to call the API cross-origin (CORS); unset means same origin only. */
  portalOrigin: string | undefined;
  /** Origins the portal may embed in frames (forms, scheduling, video): the CSP frame-src. */
  embedOrigins: string[];
  /**
   * Origins of the external scripts the portal loads (the support chat, the social-proof widget):
   * added to the CSP script-src.
   */
  scriptOrigins: string[];
  /**
   * Which proxies' X-Forwarded-For is believed for the client IP: false (none), a hop count (1
   * behind one load balancer) or the proxies' addresses/CIDRs. Never `true`, which would believe
   * an address the client wrote itself.
   */
  trustProxy: false | number | string[];
  /** Fastify's and Node's HTTP server timeouts, so slow or idle connections cannot pile up. */
  timeouts: {
    /** Whole request (headers and body) received within this (Node's requestTimeout). */
    requestMs: number;
    /** Request headers received within this (Node's headersTimeout): slowloris. */
    headersMs: number;
    /** A socket with no bytes in either direction for this long is closed (server.timeout). */
    connectionMs: number;
    /** An idle keep-alive connection is closed after this (above load balancers' 60 s). */
    keepAliveMs: number;
  };
  mail: { smtpUrl: string | undefined; from: string };
  /** Twilio credentials; without both, a development provider stores outbound texts. */
  twilio:
    | { accountSid: string; authToken: string; webhookUrl: string; statusCallbackUrl: string }
    | undefined;
  /**
   * How often texts left queued (by a crash between storing and sending) are handed to the SMS
   * provider again; 0 turns the resender off.
   */
  textResendIntervalMs: number;
  /** DeepL, when a key is set; otherwise translation is off (texts go out as written). */
  deepl: { authKey: string; serverUrl: string | undefined; timeoutMs: number } | undefined;
  /**
   * Shared secrets of the providers that call our webhooks. Outside production they default to
   * well-known development values; in production an unset secret disables that webhook.
   */
  webhookSecrets: { forms: string | undefined; scheduling: string | undefined };
  learningPortal: { url: string; secret: string | undefined };
  /**
   * The scheduling service's hand-off to /new-onboarding-user: the secret its HMAC is checked
   * with, and whether an unsigned one still gets the spec's instant sign-in (development and test;
   * in production only by HANDOFF_ALLOW_UNSIGNED=true, a risk the start-up log names).
   */
  handoff: { secret: string | undefined; allowUnsigned: boolean };
  /** The external availability form new applicants get (their tutor ID is appended by the portal). */
  availabilityFormUrl: string;
  /** Magic-link requests allowed per hour, per e-mail address and per client IP. */
  signInLinkLimits: { perEmail: number; perIp: number };
  /**
   * Texts a tutor may hand to the SMS provider (Send, Retry, Send as written): per family an hour
   * and in all a day. Far above what tutoring needs; they bound what a stolen session can send.
   */
  textLimits: { perFamilyPerHour: number; perTutorPerDay: number };
  /** Calls one integration key may make a minute. */
  integrationCallsPerMinute: number;
  /** Development-only routes (/api/dev/...): never in production. */
  devRoutes: boolean;
  /**
   * On SIGTERM or SIGINT, how long requests in progress may take to finish before the process
   * exits anyway (with code 1).
   */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long readiness answers 503 while the listener still accepts connections
   * (load balancers see it and stop sending), before the listener closes; 0: close at once.
   */
  shutdownDrainMs: number;
  /** Where Prometheus metrics are served (a listener of their own); port undefined: not served. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** OpenTelemetry traces over OTLP/HTTP (observability/tracing.ts); endpoint undefined: off. */
  tracing: { endpoint: string | undefined; serviceName: string };
  /** The organisation's IANA time zone: families' and tutors' unless their record says otherwise. */
  orgTimeZone: string;
  /**
   * When texts to families are held (in the family's time zone) until the end, e.g. 21:00-08:00;
   * null: never.
   */
  familyQuietHours: QuietHoursSetting | null;
  /** Tutors' notifications outside the portal: replies waiting and texts that failed. */
  notifications: {
    /** How long a family's reply (or a failure) waits, unread, before the tutor is told. */
    replyDelayMs: number;
    /** At most one notification per tutor in this long. */
    batchWindowMs: number;
    /** The quiet hours of a tutor who has not chosen (their time zone); null: none. */
    defaultQuietHours: QuietHoursSetting | null;
    /** The organisation's number that texts tutors (codes, notifications); undefined: no texts. */
    textFrom: string | undefined;
    /** Signs the e-mails' unsubscribe links and keys the hashes of phone codes. */
    secret: string;
  };
  /**
   * How often held texts that are due go out and notifications are composed and sent; 0 turns
   * both off (a development clock move still runs them once).
   */
  schedulerIntervalMs: number;
}

/** Quiet hours as 'HH:MM' local times; start after end means they run past midnight. */
export interface QuietHoursSetting {
  start: string;
  end: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const origin = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return ['http:', 'https:'].includes(url.protocol) && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  },
  { error: (issue) => `must be an origin such as https://forms.example.org, got '${issue.input}'` },
);
const originList = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(origin));
/**
 * Connections of the server to PostgreSQL for its queries (DATABASE_POOL_SIZE); transactions have
 * two more of their own (db/open.ts). postgres.js sends the queries of concurrent requests down
 * the same connection without waiting, so one connection carries the load and more only split
 * it: on the two-core benchmark machine, with the server and PostgreSQL side by side, 1 answered
 * about 30 % more sends and polls than 2 (sends 2,473 against 1,908 req/s, p99 45 against 68 ms;
 * polls 9,724 against 6,256 req/s) and as many GET /tutor calls (`pnpm bench:api`, A/B runs).
 * A database server with more cores serves more connections at once: raise it there.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 1;

/**
 * PostgreSQL's timeouts (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS): how long
 * opening a connection may take, and a query may wait for one, before it fails (503 UNAVAILABLE);
 * and PostgreSQL's statement_timeout for the server's statements (0: none).
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 2000, statementMs: 10_000 };

/** A whole number from `min` to `max`, written in decimal digits. */
function integerFrom(min: number, max: number, message: string) {
  return z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      error: (issue) => `${message}, got '${issue.input}'`,
    })
    .transform(Number);
}
const positiveInteger = integerFrom(1, Number.MAX_SAFE_INTEGER, 'must be a positive integer');

/** Whether the runtime knows an IANA time zone of this name (e.g. America/Chicago). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}
const timeZone = z.string().refine(isTimeZone, {
  error: (issue) => `must be an IANA time zone such as America/Chicago, got '${issue.input}'`,
});
const HH_MM = '([01][0-9]|2[0-3]):[0-5][0-9]';
/** 'HH:MM-HH:MM' (start and end differ), or 'none'; read by quietHoursOf. */
const quietHours = z.string().refine(
  (value) => {
    if (value === 'none') return true;
    const match = new RegExp(`^(${HH_MM})-(${HH_MM})$`).exec(value);
    return match !== null && match[1] !== match[3];
  },
  { error: (issue) => `must be HH:MM-HH:MM (e.g. 21:00-08:00) or none, got '${issue.input}'` },
);

/** A checked FAMILY_QUIET_HOURS or NOTIFY_QUIET_HOURS value as quiet hours (null for 'none'). */
function quietHoursOf(value: string): QuietHoursSetting | null {
  if (value === 'none') return null;
  const [start, end] = value.split('-') as [string, string];
  return { start, end };
}
const e164 = z.string().regex(/^\+[1-9][0-9]{6,14}$/, {
  error: (issue) => `must be a phone number in E.164 such as +15551234567, got '${issue.input}'`,
});
const flag = z.stringbool({
  error: (issue) => `must be true or false, got '${issue.input}'`,
});
/** DATABASE_URL: PostgreSQL only; the scheme alone is quoted back (the URL may hold a password). */
const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\//i.test(value), {
  error: (issue) =>
    `must be a PostgreSQL URL (postgres:// or postgresql://), got ${
      /^[a-z][a-z0-9+.-]*:/i.exec(String(issue.input))?.[0] ?? 'no scheme'
    } ...`,
});

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** One entry of a TRUST_PROXY list: an IP address, a CIDR, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
const TRUST_PROXY_TRUE =
  "must not be true: every hop would be believed, so a client's own X-Forwarded-For would be " +
  'its address. Set the number of proxies in front of the server (TRUST_PROXY=1 behind one load ' +
  'balancer) or their addresses/CIDRs (e.g. 10.0.0.0/8), or leave it unset when there is none';
/**
 * TRUST_PROXY: false or 0 (trust none), a hop count, or proxies' addresses/CIDRs (proxy-addr's
 * forms; app.ts turns a count into proxy-addr's hop rule, which Fastify 5 no longer does).
 */
const trustedProxies = z.string().transform((value, context): false | number | string[] => {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
  const entries = value.split(/[\s,]+/).filter(Boolean);
  if (value.toLowerCase() === 'true' || !entries.every(isProxyAddress)) {
    context.addIssue({
      code: 'custom',
      input: value,
      message:
        value.toLowerCase() === 'true'
          ? TRUST_PROXY_TRUE
          : `must be a hop count such as 1 or proxy addresses/CIDRs such as 10.0.0.0/8, got '${value}'`,
    });
    return z.NEVER;
  }
  return entries;
});
const milliseconds = (min: number) =>
  integerFrom(min, 3_600_000, `must be a whole number of ms from ${min} to 3600000`);

/** The HTTP server's timeouts (TIMEOUT variables): documented in apps/server/README.md. */
export const DEFAULT_TIMEOUTS_MS = {
  request: 30_000,
  headers: 10_000,
  connection: 90_000,
  keepAlive: 72_000,
} as const;

/**
 * Every environment variable the server reads, with its type, default and what it is for. The
 * one place they are declared: `loadConfig` parses the environment with it, and `.env.example`
 * is written from it (`pnpm --filter @tutoring/server env:example`; a test fails on drift).
 * Defaults that depend on NODE_ENV or on another variable are given in the description and applied
 * by `loadConfig`.
 */
export const serverEnvSchema = z.object({
  NODE_ENV: z
    .string()
    .optional()
    .describe(
      'development or test: development rules (dev routes, Auth emulator, demo secrets). Any other value, or unset: production rules.',
    ),
  HOST: z.string().default('127.0.0.1').describe('Address to listen on.'),
  PORT: integerFrom(0, 65535, 'must be an integer from 0 to 65535')
    .default(8080)
    .describe('Port to listen on (0: any free port).'),
  DATABASE_URL: postgresUrl
    .optional()
    .describe(
      'PostgreSQL connection string; required in production. Unset: PGlite in DATA_DIR (demo).',
    ),
  DATABASE_POOL_SIZE: integerFrom(1, 1000, 'must be a whole number from 1 to 1000')
    .default(DEFAULT_DATABASE_POOL_SIZE)
    .describe(
      "Connections for the server's queries to PostgreSQL; concurrent requests' queries share them (pipelined). Transactions get up to 2 more.",
    ),
  DATABASE_CONNECT_TIMEOUT_MS: integerFrom(
    100,
    60_000,
    'must be a whole number of ms from 100 to 60000',
  )
    .default(DEFAULT_DATABASE_TIMEOUTS.connectMs)
    .describe(
      'How long connecting to PostgreSQL, or a query waiting for a connection, may take before the call fails with 503 (PostgreSQL away).',
    ),
  DATABASE_STATEMENT_TIMEOUT_MS: integerFrom(
    0,
    3_600_000,
    'must be a whole number of ms, 0 for none',
  )
    .default(DEFAULT_DATABASE_TIMEOUTS.statementMs)
    .describe(
      "PostgreSQL's statement_timeout for the server's statements: one that runs longer is cancelled (503). 0: none.",
    ),
  DATA_DIR: z
    .string()
    .optional()
    .describe('PGlite folder when DATABASE_URL is unset. Default: <repo>/.data/pglite.'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .optional()
    .describe('host:port of the Firebase Auth emulator, development only (refused in production).'),
  FIREBASE_PROJECT_ID: z
    .string()
    .default('demo-tutoring')
    .describe('Firebase project whose ID tokens are accepted; required in production.'),
  ORG_DOMAIN: z
    .string()
    .default('tutoring.example.org')
    .transform((value) => value.replace(/^@/, '').toLowerCase())
    .describe("Domain of tutors' Google accounts (verified e-mail required)."),
  STATIC_DIR: z
    .string()
    .optional()
    .describe('Built portal to serve. Default: dist/portal beside the built server, if built.'),
  SEED: flag.default(false).describe('true: insert the demo data when the database has no tutor.'),
  OPENAPI_PATH: z
    .string()
    .optional()
    .describe(
      'The contract. Default: openapi.yaml beside the built server, else the repository’s.',
    ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, {
      error: (issue) => `must be one of ${LOG_LEVELS.join(', ')}, got '${issue.input}'`,
    })
    .optional()
    .describe('pino level. Default: info (silent when NODE_ENV=test).'),
  PUBLIC_URL: origin
    .default('http://127.0.0.1:8080')
    .describe(
      "The portal's public origin (magic links, Twilio's webhook URL); required in production.",
    ),
  PORTAL_ORIGIN: origin
    .optional()
    .describe(
      'The one origin allowed to call the API cross-origin (CORS). Unset: same origin only.',
    ),
  EMBED_ORIGINS: originList
    .optional()
    .describe('Comma-separated origins of embedded forms, scheduling and video (CSP frame-src).'),
  SCRIPT_ORIGINS: originList
    .optional()
    .describe(
      'Comma-separated origins of external scripts: support chat, social proof (CSP script-src). Development default: their demo hosts.',
    ),
  TRUST_PROXY: trustedProxies
    .optional()
    .describe(
      'Proxies whose X-Forwarded-For gives the client IP: their count (1 behind one load balancer) or addresses/CIDRs, comma-separated. Unset: none. true is refused.',
    ),
  REQUEST_TIMEOUT_MS: milliseconds(1000)
    .default(DEFAULT_TIMEOUTS_MS.request)
    .describe('A request (headers and body) must arrive within this, else 408 and closed.'),
  HEADERS_TIMEOUT_MS: milliseconds(1000)
    .default(DEFAULT_TIMEOUTS_MS.headers)
    .describe(
      "A request's headers must arrive within this (slow senders are closed); at most REQUEST_TIMEOUT_MS.",
    ),
  CONNECTION_TIMEOUT_MS: milliseconds(1000)
    .default(DEFAULT_TIMEOUTS_MS.connection)
    .describe('A connection with no bytes either way for this long is closed.'),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(1000)
    .default(DEFAULT_TIMEOUTS_MS.keepAlive)
    .describe(
      "An idle keep-alive connection is closed after this; keep it above the load balancer's idle timeout (60 s on most).",
    ),
  SMTP_URL: z
    .string()
    .optional()
    .describe(
      'smtp(s):// URL for magic-link e-mail. Unset: a development outbox; in production, sends fail.',
    ),
  MAIL_FROM: z
    .string()
    .optional()
    .describe('From of magic-link e-mail. Default: Tutoring Portal <no-reply@ORG_DOMAIN>.'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .optional()
    .describe(
      'Twilio account (with TWILIO_AUTH_TOKEN). Unset: a development outbox; in production, sends fail.',
    ),
  TWILIO_AUTH_TOKEN: z
    .string()
    .optional()
    .describe('Twilio auth token; also checks the signature of Twilio’s webhooks.'),
  TWILIO_WEBHOOK_URL: z
    .url()
    .optional()
    .describe(
      'The public URL Twilio calls for replies. Default: PUBLIC_URL/api/webhooks/twilio/sms.',
    ),
  TWILIO_STATUS_CALLBACK_URL: z
    .url()
    .optional()
    .describe(
      'The public URL Twilio reports delivery to. Default: PUBLIC_URL/api/webhooks/twilio/status.',
    ),
  DEEPL_AUTH_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'DeepL API key: texts to families who read another language are translated, and their replies into English. Unset: translation off, messages go out as written and the portal says so.',
    ),
  DEEPL_SERVER_URL: z
    .url()
    .optional()
    .describe(
      'DeepL API base URL. Default: chosen from the key (free or paid); a local double in tests.',
    ),
  TRANSLATION_TIMEOUT_MS: integerFrom(100, 60_000, 'must be a whole number of ms')
    .default(5000)
    .describe(
      'How long one translation request may take before a text is kept unsent (Retry, Send as written).',
    ),
  TEXT_RESEND_INTERVAL_MS: integerFrom(0, 86_400_000, 'must be a whole number of ms, 0 for off')
    .default(30_000)
    .describe('How often texts left queued by a crash are sent again; 0 turns it off.'),
  FORMS_WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe('Shared secret of the forms provider’s webhook. Unset in production: webhook off.'),
  SCHEDULING_WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe(
      'Shared secret of the scheduling provider’s webhook. Unset in production: webhook off.',
    ),
  LEARNING_PORTAL_URL: z
    .url()
    .default('https://learning.example.org/launch')
    .describe('Launch URL of the learning portal.'),
  LEARNING_PORTAL_SECRET: z
    .string()
    .optional()
    .describe('Secret that signs learning-portal launches. Unset in production: launch off.'),
  HANDOFF_SECRET: z
    .string()
    .optional()
    .describe(
      'Shared secret of the scheduling service’s signed hand-off to /new-onboarding-user (README). Unset: no hand-off is signed.',
    ),
  HANDOFF_ALLOW_UNSIGNED: flag
    .optional()
    .describe(
      'true: unsigned hand-offs sign new applicants in at once (a risk). Default: true in development and test only.',
    ),
  AVAILABILITY_FORM_URL: z
    .url()
    .optional()
    .describe(
      'External availability form for new applicants. Default: the dev stand-in in development.',
    ),
  SIGNIN_LINK_LIMIT_PER_EMAIL: positiveInteger
    .default(5)
    .describe('Magic-link requests per hour per e-mail address.'),
  SIGNIN_LINK_LIMIT_PER_IP: positiveInteger
    .default(20)
    .describe('Magic-link requests (and new applicants) per hour per client IP.'),
  TEXT_LIMIT_PER_FAMILY_PER_HOUR: positiveInteger
    .default(30)
    .describe("Texts (sends and retries) a tutor may send to one student's family an hour."),
  TEXT_LIMIT_PER_TUTOR_PER_DAY: positiveInteger
    .default(200)
    .describe('Texts (sends and retries) a tutor may send in all a day (UTC).'),
  INTEGRATION_CALLS_PER_MINUTE: positiveInteger
    .default(600)
    .describe('Calls one integration key may make a minute (429 beyond).'),
  METRICS_PORT: integerFrom(0, 65535, 'must be an integer from 0 to 65535')
    .optional()
    .describe('Port of the Prometheus metrics listener (GET /metrics). Unset: no metrics served.'),
  METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe('Address of the metrics listener; keep it private (not the public interface).'),
  METRICS_TOKEN: z
    .string()
    .optional()
    .describe('When set, GET /metrics needs Authorization: Bearer <this token>.'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'OTLP/HTTP collector base URL (traces go to <url>/v1/traces). Unset: no tracing, and no OpenTelemetry code loaded.',
    ),
  OTEL_SERVICE_NAME: z
    .string()
    .min(1)
    .default('tutoring-server')
    .describe('The service.name of the exported traces.'),
  SHUTDOWN_DRAIN_MS: milliseconds(0)
    .default(5_000)
    .describe(
      'On SIGTERM, how long readiness answers 503 while new connections are still accepted, so load balancers stop sending before the listener closes (0: close at once). SIGINT does not drain.',
    ),
  SHUTDOWN_TIMEOUT_MS: positiveInteger
    .default(10_000)
    .describe(
      'On SIGTERM/SIGINT, how long requests in progress may take before the process exits.',
    ),
  ORG_TIME_ZONE: timeZone
    .default('America/New_York')
    .describe(
      "The organisation's IANA time zone: families' and tutors' quiet hours unless their record says otherwise.",
    ),
  FAMILY_QUIET_HOURS: quietHours
    .default('21:00-08:00')
    .describe(
      "Texts a tutor writes between these hours (the family's time zone) are held until the end; none: never held.",
    ),
  NOTIFY_QUIET_HOURS: quietHours
    .default('21:00-08:00')
    .describe(
      "Tutors' notification quiet hours until they choose their own (held, then one digest); none: no quiet hours.",
    ),
  NOTIFY_REPLY_DELAY_MS: integerFrom(0, 86_400_000, 'must be a whole number of ms')
    .default(600_000)
    .describe(
      "How long a family's reply (or a failed text) stays unread before the tutor is told outside the portal.",
    ),
  NOTIFY_BATCH_WINDOW_MS: integerFrom(0, 86_400_000, 'must be a whole number of ms')
    .default(1_800_000)
    .describe(
      'At most one notification per tutor in this long; what comes meanwhile waits for the next.',
    ),
  TWILIO_NOTIFICATION_FROM: e164
    .optional()
    .describe(
      "The organisation's number that texts tutors (phone codes, text notifications). Development default: +15550100000; unset in production: no texts to tutors.",
    ),
  NOTIFICATION_SECRET: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .describe(
      "Signs the notification e-mails' unsubscribe links and keys the hashes of phone codes; required in production.",
    ),
  SCHEDULER_INTERVAL_MS: integerFrom(0, 86_400_000, 'must be a whole number of ms, 0 for off')
    .default(10_000)
    .describe(
      'How often held texts that are due go out and notifications are composed and sent; 0 turns it off.',
    ),
});

export type ServerEnv = z.output<typeof serverEnvSchema>;

/**
 * Variables production must set: their defaults (PGlite, the demo project, a local origin) only
 * suit the demo.
 */
const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'FIREBASE_PROJECT_ID',
  'PUBLIC_URL',
  'NOTIFICATION_SECRET',
] as const;

type Env = Record<string, string | undefined>;

/** Variables of the schema as set: trimmed, with an empty value treated as unset. */
function setValues(env: Env): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(serverEnvSchema.shape)) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

/** The rules of a NODE_ENV value: only development and test are not production's. */
export function rulesOf(nodeEnv: string | undefined): NodeEnv {
  return nodeEnv === 'development' || nodeEnv === 'test' ? nodeEnv : 'production';
}

/**
 * The development defaults (secrets, and the demo's number that texts tutors): every one is
 * public, in this repository. Production sets none of them, and refuses a variable set to one.
 */
export const DEV_DEFAULTS = {
  formsWebhookSecret: 'dev-forms-webhook-secret',
  schedulingWebhookSecret: 'dev-scheduling-webhook-secret',
  learningPortalSecret: 'dev-learning-portal-secret',
  notificationSecret: 'dev-notification-secret-not-for-production',
  notificationFrom: '+15550100000',
} as const;
type DevDefault = (typeof DEV_DEFAULTS)[keyof typeof DEV_DEFAULTS];

/** A development default (one of DEV_DEFAULTS); none in production, where it must come from the env. */
function devDefault(nodeEnv: NodeEnv, value: DevDefault): string | undefined {
  return nodeEnv === 'production' ? undefined : value;
}

/** Firebase's demo projects (the emulator's, e.g. demo-tutoring) have ids starting so. */
const DEMO_PROJECT_PREFIX = 'demo-';

/**
 * The Auth emulator accepts unsigned ID tokens, and firebase-admin trusts them whenever
 * FIREBASE_AUTH_EMULATOR_HOST is set: in production that would let anyone sign in as anyone.
 */
export function assertSafeForEnvironment(
  config: Pick<Config, 'nodeEnv' | 'firebaseAuthEmulatorHost'>,
) {
  if (rulesOf(config.nodeEnv) === 'production' && config.firebaseAuthEmulatorHost !== undefined) {
    throw new ConfigError(emulatorInProduction(config.nodeEnv));
  }
}

/** How a problem of the production rules names the NODE_ENV that chose them. */
function productionRules(nodeEnv: string | undefined, when: 'when' | 'while' = 'when'): string {
  if (nodeEnv === 'production') return `${when} NODE_ENV=production`;
  const set = nodeEnv === undefined ? 'NODE_ENV unset' : `NODE_ENV=${nodeEnv}`;
  return `under the production rules (${set}; only development and test run without them)`;
}

function emulatorInProduction(nodeEnv: string | undefined): string {
  return (
    `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set ${productionRules(nodeEnv, 'while')}. ` +
    'The Auth emulator issues unsigned tokens, so anyone could sign in as anyone. ' +
    'Unset FIREBASE_AUTH_EMULATOR_HOST to use the real Firebase Auth.'
  );
}

/** The JavaScript files of a built portal (its assets), compressed copies left out. */
function portalScripts(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => join(dir, name));
}

/**
 * Why the built portal in `dir` cannot serve production, if it cannot: Vite writes
 * VITE_FIREBASE_PROJECT_ID into the portal's JavaScript as a string literal, so a portal built for
 * this server's project holds it; one built without it signs in to the demo project
 * (demo-tutoring, the emulator's), where no real account exists. A folder without scripts has
 * no sign-in to check.
 */
export function portalBuildProblem(dir: string, projectId: string): string | undefined {
  const scripts = portalScripts(dir);
  const escaped = projectId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const literal = new RegExp(`[\`'"]${escaped}[\`'"]`);
  if (scripts.length === 0 || scripts.some((file) => literal.test(readFileSync(file, 'utf8')))) {
    return undefined;
  }
  return (
    `The portal in ${dir} was built for another Firebase project than FIREBASE_PROJECT_ID=` +
    `${projectId} (by default the demo project demo-tutoring): build it with ` +
    `VITE_FIREBASE_PROJECT_ID=${projectId} and that project's VITE_FIREBASE_API_KEY.`
  );
}

/** The portal's files the build put beside the built server, if it did. */
function builtPortal(): string | undefined {
  const built = fileURLToPath(new URL('./portal', import.meta.url));
  return existsSync(resolve(built, 'pages.json')) ? built : undefined;
}

/**
 * The configuration from the environment. Every problem is reported at once: a ConfigError whose
 * message lists each variable with what is wrong with it.
 */
export function loadConfig(env: Env = process.env): Config {
  const config = configFrom(parseServerEnv(env));
  assertSafeForEnvironment(config);
  return config;
}

/** The environment's variables, parsed; a ConfigError lists every problem found in them. */
function parseServerEnv(env: Env): ServerEnv {
  const values = setValues(env);
  const parsed = serverEnvSchema.safeParse(values);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  problems.push(...combinationProblems(values));
  if (parsed.success) problems.push(...parsedProblems(parsed.data, values));
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(
      `The server's configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
  }
  return parsed.data;
}

/** Problems of variables together rather than each alone. */
function combinationProblems(values: Record<string, string>): string[] {
  const problems: string[] = [];
  // Defaults that suit the demo would be wrong in production: there they must be set.
  if (rulesOf(values.NODE_ENV) === 'production') {
    const rules = productionRules(values.NODE_ENV);
    for (const name of PRODUCTION_REQUIRED) {
      if (values[name] === undefined) problems.push(`${name} is required ${rules}`);
    }
    if (values.FIREBASE_AUTH_EMULATOR_HOST !== undefined) {
      problems.push(emulatorInProduction(values.NODE_ENV));
    }
    // A placeholder SMTP_URL, Twilio credentials not in Twilio's form (providers/settings.ts).
    problems.push(...productionProviderProblems(values));
    const known = new Set<string>(Object.values(DEV_DEFAULTS));
    for (const [name, value] of Object.entries(values)) {
      if (known.has(value)) {
        problems.push(
          `${name} is a development default, public in the repository: set one of your own ${rules}`,
        );
      }
    }
  }
  if ((values.TWILIO_ACCOUNT_SID === undefined) !== (values.TWILIO_AUTH_TOKEN === undefined)) {
    problems.push('Set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or neither.');
  }
  return problems;
}

/** Problems of values that are each well formed, together. */
function parsedProblems(e: ServerEnv, values: Record<string, string>): string[] {
  const problems: string[] = [];
  // Node refuses, at creation, a headers timeout longer than the whole request's.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    problems.push('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  }
  // An unset FIREBASE_PROJECT_ID is already reported as required.
  if (rulesOf(e.NODE_ENV) === 'production' && values.FIREBASE_PROJECT_ID !== undefined) {
    problems.push(...productionProblems(e));
  }
  return problems;
}

/** Problems under the production rules of values that are each well formed. */
function productionProblems(e: ServerEnv): string[] {
  const projectId = e.FIREBASE_PROJECT_ID;
  if (projectId.startsWith(DEMO_PROJECT_PREFIX)) {
    return [
      `FIREBASE_PROJECT_ID=${projectId} is a demo project (the Auth emulator's): set the organisation's own ${productionRules(e.NODE_ENV)}`,
    ];
  }
  const staticDir = e.STATIC_DIR ? resolve(e.STATIC_DIR) : builtPortal();
  const portal = staticDir === undefined ? undefined : portalBuildProblem(staticDir, projectId);
  return portal === undefined ? [] : [portal];
}

/** The configuration of parsed variables, with the defaults that depend on others applied. */
function configFrom(e: ServerEnv): Config {
  const nodeEnv = rulesOf(e.NODE_ENV);
  return {
    host: e.HOST,
    port: e.PORT,
    nodeEnv,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    dataDir: resolve(e.DATA_DIR ?? resolve(repoRoot, '.data/pglite')),
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    orgDomain: e.ORG_DOMAIN,
    staticDir: e.STATIC_DIR ? resolve(e.STATIC_DIR) : builtPortal(),
    seed: e.SEED,
    openapiPath: resolve(e.OPENAPI_PATH ?? besideBuild('openapi.yaml')),
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    responseValidation: nodeEnv === 'production' ? 'log' : 'error',
    publicUrl: new URL(e.PUBLIC_URL).origin,
    portalOrigin: e.PORTAL_ORIGIN ? new URL(e.PORTAL_ORIGIN).origin : undefined,
    embedOrigins: (e.EMBED_ORIGINS ?? []).map((value) => new URL(value).origin),
    scriptOrigins: scriptOrigins(e),
    trustProxy: e.TRUST_PROXY ?? false,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Tutoring Portal <no-reply@${e.ORG_DOMAIN}>`,
    },
    twilio: twilioConfig(e),
    textResendIntervalMs: e.TEXT_RESEND_INTERVAL_MS,
    deepl: e.DEEPL_AUTH_KEY
      ? {
          authKey: e.DEEPL_AUTH_KEY,
          serverUrl: e.DEEPL_SERVER_URL,
          timeoutMs: e.TRANSLATION_TIMEOUT_MS,
        }
      : undefined,
    webhookSecrets: {
      forms: e.FORMS_WEBHOOK_SECRET ?? devDefault(nodeEnv, DEV_DEFAULTS.formsWebhookSecret),
      scheduling:
        e.SCHEDULING_WEBHOOK_SECRET ?? devDefault(nodeEnv, DEV_DEFAULTS.schedulingWebhookSecret),
    },
    learningPortal: {
      url: e.LEARNING_PORTAL_URL,
      secret: e.LEARNING_PORTAL_SECRET ?? devDefault(nodeEnv, DEV_DEFAULTS.learningPortalSecret),
    },
    handoff: {
      secret: e.HANDOFF_SECRET,
      allowUnsigned: e.HANDOFF_ALLOW_UNSIGNED ?? nodeEnv !== 'production',
    },
    availabilityFormUrl: availabilityFormUrl(e),
    signInLinkLimits: {
      perEmail: e.SIGNIN_LINK_LIMIT_PER_EMAIL,
      perIp: e.SIGNIN_LINK_LIMIT_PER_IP,
    },
    textLimits: {
      perFamilyPerHour: e.TEXT_LIMIT_PER_FAMILY_PER_HOUR,
      perTutorPerDay: e.TEXT_LIMIT_PER_TUTOR_PER_DAY,
    },
    integrationCallsPerMinute: e.INTEGRATION_CALLS_PER_MINUTE,
    devRoutes: nodeEnv !== 'production',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    orgTimeZone: e.ORG_TIME_ZONE,
    familyQuietHours: quietHoursOf(e.FAMILY_QUIET_HOURS),
    notifications: notificationsConfig(e),
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
  };
}

function notificationsConfig(e: ServerEnv): Config['notifications'] {
  return {
    replyDelayMs: e.NOTIFY_REPLY_DELAY_MS,
    batchWindowMs: e.NOTIFY_BATCH_WINDOW_MS,
    defaultQuietHours: quietHoursOf(e.NOTIFY_QUIET_HOURS),
    textFrom:
      e.TWILIO_NOTIFICATION_FROM ?? devDefault(rulesOf(e.NODE_ENV), DEV_DEFAULTS.notificationFrom),
    // Production refuses to start without it (PRODUCTION_REQUIRED).
    secret: e.NOTIFICATION_SECRET ?? DEV_DEFAULTS.notificationSecret,
  };
}

function scriptOrigins(e: ServerEnv): string[] {
  // Unset in development (`npm start`, the e2e stack): the hosts of the portal's default
  // VITE_SUPPORT_CHAT_SCRIPT_URL and VITE_SOCIAL_PROOF_SCRIPT_URL.
  return (
    e.SCRIPT_ORIGINS ??
    (rulesOf(e.NODE_ENV) === 'development'
      ? ['https://chat.tutoring.example.org', 'https://proof.tutoring.example.org']
      : [])
  ).map((value) => new URL(value).origin);
}

function twilioConfig(e: ServerEnv): Config['twilio'] {
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN) return undefined;
  return {
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    // Twilio signs the exact public URL it calls, which a proxy may hide from the server.
    webhookUrl: e.TWILIO_WEBHOOK_URL ?? `${new URL(e.PUBLIC_URL).origin}/api/webhooks/twilio/sms`,
    statusCallbackUrl:
      e.TWILIO_STATUS_CALLBACK_URL ?? `${new URL(e.PUBLIC_URL).origin}/api/webhooks/twilio/status`,
  };
}

function availabilityFormUrl(e: ServerEnv): string {
  // In development the form is the server's own stand-in page, so availability works offline.
  return (
    e.AVAILABILITY_FORM_URL ??
    (rulesOf(e.NODE_ENV) === 'development'
      ? `${new URL(e.PUBLIC_URL).origin}/api/dev/forms`
      : 'https://forms.example.org/tutor-availability')
  );
}

/** `.env.example`: every variable of the schema, commented out, with its description and default. */
export function envExample(): string {
  const lines = [
    "# The server's environment variables: every one, with what it is for and its default.",
    '# Written from serverEnvSchema in apps/server/src/config.ts by',
    '# `pnpm --filter @tutoring/server env:example`; a test fails when they differ.',
  ];
  for (const [name, schema] of Object.entries(serverEnvSchema.shape)) {
    const fallback = (schema as z.ZodType).safeParse(undefined);
    const shown = fallback.success && fallback.data !== undefined ? String(fallback.data) : '';
    lines.push('', `# ${schema.description ?? ''}`, `# ${name}=${shown}`);
  }
  return `${lines.join('\n')}\n`;
}
