// Steps of buildApp (app.ts): the providers the app reaches the outside world through (identity,
// mail, SMS, translation) and its database, each from the configuration unless the caller gives
// its own; what runs while the app is up, and what the app releases when it closes.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/open.ts';
import { MESSAGE_MEDIA_MAX_BYTES } from '../db/schema.ts';
import type { BackgroundTasks } from '../http/background.ts';
import { type Metrics, withTextMetrics } from '../http/metrics.ts';
import { startTextResender } from '../modules/messages/delivery.ts';
import { createFirebaseIdentity, type IdentityProvider } from '../providers/identity.ts';
import { createMailProvider, type MailProvider } from '../providers/mail.ts';
import { createMediaFetcher, type MediaFetcher } from '../providers/mms-media.ts';
import {
  createDevSms,
  createTwilioSms,
  createUnconfiguredSms,
  type DevSmsProvider,
  type SmsProvider,
} from '../providers/sms.ts';
import {
  createDeepLTranslation,
  createTranslationOff,
  type TranslationProvider,
} from '../providers/translation.ts';
import { withVerifiedTokenCache } from '../providers/verified-token-cache.ts';
import type { AppDependencies } from './dependencies.ts';

/** Firebase Auth (the emulator outside production), or the caller's, with verified tokens cached. */
export function createIdentity(config: Config, dependencies: AppDependencies): IdentityProvider {
  return withVerifiedTokenCache(
    dependencies.identity ??
      createFirebaseIdentity({
        projectId: config.firebaseProjectId,
        authEmulatorHost: config.firebaseAuthEmulatorHost,
      }),
  );
}

/**
 * The caller's database, else one opened and migrated here. The identity provider is already
 * open: a database that fails to open closes it before the error goes on.
 */
export async function openAppDatabase(
  config: Config,
  dependencies: AppDependencies,
  identity: IdentityProvider,
): Promise<DatabaseHandle> {
  try {
    return dependencies.database ?? (await openDatabase(config));
  } catch (error) {
    await identity.close();
    throw error;
  }
}

/** The providers of the tutors' messages and of the mail the app sends. */
export interface MessagingProviders {
  mail: MailProvider;
  /** The SMS provider in use, counted in the text metrics. */
  sms: SmsProvider;
  /** The development SMS provider when it is the one in use (the dev SMS page drives it). */
  devSms: DevSmsProvider | undefined;
  translation: TranslationProvider;
  /** Fetches the pictures of families' texts from the SMS provider (with Twilio's credentials). */
  media: MediaFetcher;
}

/**
 * Mail: SMTP when configured, else a development outbox (refused in production). SMS: Twilio when
 * configured, else a development outbox outside production, else a provider that refuses every
 * text. Translation: DeepL when it has a key, else off.
 */
export function createMessagingProviders(
  config: Config,
  dependencies: AppDependencies,
  services: { db: Database; log: FastifyBaseLogger; now: () => Date; metrics: Metrics },
): MessagingProviders {
  const { db, log, now, metrics } = services;
  const production = config.nodeEnv === 'production';
  const mail =
    dependencies.mail ??
    createMailProvider({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      production,
      db,
      log,
      now,
    });
  const devSms =
    dependencies.sms || config.twilio || production ? undefined : createDevSms(db, now);
  const smsProvider =
    dependencies.sms ??
    devSms ??
    (config.twilio
      ? createTwilioSms({
          accountSid: config.twilio.accountSid,
          authToken: config.twilio.authToken,
          statusCallbackUrl: config.twilio.statusCallbackUrl,
          ...(dependencies.fetch ? { fetch: dependencies.fetch } : {}),
        })
      : createUnconfiguredSms());
  const sms: SmsProvider = {
    ...withTextMetrics(smsProvider, metrics),
    // GET /api/readyz reports it.
    status: () => smsProvider.status?.() ?? 'ok',
  };
  const translation =
    dependencies.translation ??
    (config.deepl ? createDeepLTranslation(config.deepl) : createTranslationOff());
  const media = createMediaFetcher({
    credentials: config.twilio
      ? { username: config.twilio.accountSid, password: config.twilio.authToken }
      : undefined,
    maxBytes: MESSAGE_MEDIA_MAX_BYTES,
    ...(dependencies.fetch ? { fetch: dependencies.fetch } : {}),
  });
  return { mail, sms, devSms, translation, media };
}

/**
 * Production's check of the providers at start: the SMTP transport connects and signs in (at most
 * MAIL_CHECK_TIMEOUT_MS; Twilio's credentials had their form checked with the configuration). One
 * that cannot be reached leaves the server starting, degraded: GET /api/readyz says so, and
 * sign-in links answer 503 until the mail server is reached again.
 */
async function checkProviders(log: FastifyBaseLogger, providers: MessagingProviders) {
  const mail = (await providers.mail.check?.()) ?? providers.mail.status?.() ?? 'ok';
  const sms = providers.sms.status?.() ?? 'ok';
  const line = { mail: `${providers.mail.kind} ${mail}`, sms: `${providers.sms.kind} ${sms}` };
  if (mail === 'ok' && sms === 'ok') log.info(line, 'providers checked');
  else log.warn(line, 'providers checked: some are degraded or not configured');
}

/**
 * Once the app is ready, the resender of texts left queued (when configured); when it closes, the
 * resender stops, background work settles, and the providers and the database it opened close.
 */
export function registerStartAndClose(
  app: FastifyInstance,
  config: Config,
  held: {
    identity: IdentityProvider;
    database: DatabaseHandle;
    /** Whether the app opened the database (and so closes it). */
    ownsDatabase: boolean;
    providers: MessagingProviders;
    background: BackgroundTasks;
    now: () => Date;
    /** Held texts and notifications (jobs.ts), on a timer of SCHEDULER_INTERVAL_MS. */
    jobs: { start(intervalMs: number): void; stop(): Promise<void> };
  },
): void {
  const { identity, database, providers, background, jobs } = held;
  let textResender: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    if (config.nodeEnv === 'production') await checkProviders(app.log, providers);
    if (config.textResendIntervalMs > 0) {
      textResender = startTextResender({
        db: database.db,
        sms: providers.sms,
        translation: providers.translation,
        log: app.log,
        now: held.now,
        timeZone: config.orgTimeZone,
        intervalMs: config.textResendIntervalMs,
      });
    }
    jobs.start(config.schedulerIntervalMs);
  });
  app.addHook('onClose', async () => {
    await textResender?.stop();
    await jobs.stop();
    await background.settle();
    providers.mail.close();
    await identity.close();
    if (held.ownsDatabase) await database.close();
  });
}
