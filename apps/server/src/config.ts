import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  nodeEnv: string;
  /** PostgreSQL connection string; when absent the server runs on PGlite in `dataDir`. */
  databaseUrl: string | undefined;
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
  /** Whether to trust X-Forwarded-For (behind a load balancer) for the client IP. */
  trustProxy: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  /** Twilio credentials; without both, a development provider stores outbound texts. */
  twilio: { accountSid: string; authToken: string; webhookUrl: string } | undefined;
  /**
   * Shared secrets of the providers that call our webhooks. Outside production they default to
   * well-known development values; in production an unset secret disables that webhook.
   */
  webhookSecrets: { forms: string | undefined; scheduling: string | undefined };
  learningPortal: { url: string; secret: string | undefined };
  /** The external availability form new applicants get (their tutor ID is appended by the portal). */
  availabilityFormUrl: string;
  /** Magic-link requests allowed per hour, per e-mail address and per client IP. */
  signInLinkLimits: { perEmail: number; perIp: number };
  /** Development-only routes (/api/dev/...): never in production. */
  devRoutes: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got '${value}'.`);
  }
  return port;
}

function parseBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const normalised = value.toLowerCase();
  if (['true', '1', 'yes'].includes(normalised)) return true;
  if (['false', '0', 'no'].includes(normalised)) return false;
  throw new ConfigError(`${name} must be true or false, got '${value}'.`);
}

function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new ConfigError(`${name} must be a positive integer, got '${value}'.`);
  }
  return parsed;
}

function parseOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `${name} must be an origin such as https://forms.example.org, got '${value}'.`,
    );
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(
      `${name} must be an origin such as https://forms.example.org, got '${value}'.`,
    );
  }
  return url.origin;
}

function parseLogLevel(value: string | undefined, nodeEnv: string): LogLevel {
  if (value === undefined) return nodeEnv === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${value}'.`);
  }
  return value as LogLevel;
}

/** A development default for a secret; none in production, where it must come from the env. */
function devDefault(nodeEnv: string, value: string): string | undefined {
  return nodeEnv === 'production' ? undefined : value;
}

/**
 * The Auth emulator accepts unsigned ID tokens, and firebase-admin trusts them whenever
 * FIREBASE_AUTH_EMULATOR_HOST is set: in production that would let anyone sign in as anyone.
 */
export function assertSafeForEnvironment(
  config: Pick<Config, 'nodeEnv' | 'firebaseAuthEmulatorHost'>,
) {
  if (config.nodeEnv === 'production' && config.firebaseAuthEmulatorHost !== undefined) {
    throw new ConfigError(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
        'The Auth emulator issues unsigned tokens, so anyone could sign in as anyone. ' +
        'Unset FIREBASE_AUTH_EMULATOR_HOST to use the real Firebase Auth.',
    );
  }
}

/** The portal's files the build put beside the built server, if it did. */
function builtPortal(): string | undefined {
  const built = fileURLToPath(new URL('./portal', import.meta.url));
  return existsSync(resolve(built, 'pages.json')) ? built : undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  const orgDomain = (nonEmpty(env.ORG_DOMAIN) ?? 'tutoring.example.org')
    .replace(/^@/, '')
    .toLowerCase();
  const publicUrl = parseOrigin('PUBLIC_URL', nonEmpty(env.PUBLIC_URL) ?? 'http://127.0.0.1:8080');
  const config: Config = {
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    port: parsePort(nonEmpty(env.PORT)),
    nodeEnv,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? resolve(repoRoot, '.data/pglite')),
    firebaseAuthEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-tutoring',
    orgDomain,
    staticDir: nonEmpty(env.STATIC_DIR) ? resolve(env.STATIC_DIR as string) : builtPortal(),
    seed: parseBoolean('SEED', nonEmpty(env.SEED)),
    openapiPath: resolve(nonEmpty(env.OPENAPI_PATH) ?? besideBuild('openapi.yaml')),
    logLevel: parseLogLevel(nonEmpty(env.LOG_LEVEL), nodeEnv),
    responseValidation: nodeEnv === 'production' ? 'log' : 'error',
    publicUrl,
    portalOrigin: nonEmpty(env.PORTAL_ORIGIN)
      ? parseOrigin('PORTAL_ORIGIN', env.PORTAL_ORIGIN as string)
      : undefined,
    embedOrigins: (nonEmpty(env.EMBED_ORIGINS) ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((origin) => parseOrigin('EMBED_ORIGINS', origin)),
    // Unset in development (`npm start`, the e2e stack): the hosts of the portal's default
    // VITE_SUPPORT_CHAT_SCRIPT_URL and VITE_SOCIAL_PROOF_SCRIPT_URL.
    scriptOrigins: (
      nonEmpty(env.SCRIPT_ORIGINS) ??
      (nodeEnv === 'development'
        ? 'https://chat.tutoring.example.org,https://proof.tutoring.example.org'
        : '')
    )
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((origin) => parseOrigin('SCRIPT_ORIGINS', origin)),
    trustProxy: parseBoolean('TRUST_PROXY', nonEmpty(env.TRUST_PROXY)),
    mail: {
      smtpUrl: nonEmpty(env.SMTP_URL),
      from: nonEmpty(env.MAIL_FROM) ?? `Tutoring Portal <no-reply@${orgDomain}>`,
    },
    twilio: undefined,
    webhookSecrets: {
      forms: nonEmpty(env.FORMS_WEBHOOK_SECRET) ?? devDefault(nodeEnv, 'dev-forms-webhook-secret'),
      scheduling:
        nonEmpty(env.SCHEDULING_WEBHOOK_SECRET) ??
        devDefault(nodeEnv, 'dev-scheduling-webhook-secret'),
    },
    learningPortal: {
      url: nonEmpty(env.LEARNING_PORTAL_URL) ?? 'https://learning.example.org/launch',
      secret:
        nonEmpty(env.LEARNING_PORTAL_SECRET) ?? devDefault(nodeEnv, 'dev-learning-portal-secret'),
    },
    // In development the form is the server's own stand-in page, so availability works offline.
    availabilityFormUrl:
      nonEmpty(env.AVAILABILITY_FORM_URL) ??
      (nodeEnv === 'development'
        ? `${publicUrl}/api/dev/forms`
        : 'https://forms.example.org/tutor-availability'),
    signInLinkLimits: {
      perEmail: parsePositiveInteger(
        'SIGNIN_LINK_LIMIT_PER_EMAIL',
        nonEmpty(env.SIGNIN_LINK_LIMIT_PER_EMAIL),
        5,
      ),
      perIp: parsePositiveInteger(
        'SIGNIN_LINK_LIMIT_PER_IP',
        nonEmpty(env.SIGNIN_LINK_LIMIT_PER_IP),
        20,
      ),
    },
    devRoutes: nodeEnv !== 'production',
  };
  const accountSid = nonEmpty(env.TWILIO_ACCOUNT_SID);
  const authToken = nonEmpty(env.TWILIO_AUTH_TOKEN);
  if ((accountSid === undefined) !== (authToken === undefined)) {
    throw new ConfigError('Set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or neither.');
  }
  if (accountSid && authToken) {
    config.twilio = {
      accountSid,
      authToken,
      // Twilio signs the exact public URL it calls, which a proxy may hide from the server.
      webhookUrl: nonEmpty(env.TWILIO_WEBHOOK_URL) ?? `${config.publicUrl}/api/webhooks/twilio/sms`,
    };
  }
  assertSafeForEnvironment(config);
  return config;
}
