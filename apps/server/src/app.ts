import cors from '@fastify/cors';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { assertSafeForEnvironment, type Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/open.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { type BackgroundTasks, createBackgroundTasks } from './http/background.ts';
import { registerApiCompression } from './http/compression.ts';
import { loadContract } from './http/contract.ts';
import { ApiError, errorBody } from './http/errors.ts';
import {
  createMetrics,
  type Metrics,
  registerRequestMetrics,
  withTextMetrics,
} from './http/metrics.ts';
import {
  type PortalPages,
  readPortalPages,
  registerPortalPages,
  sendNotFoundPage,
} from './http/portal-pages.ts';
import type { RouteContext } from './http/route-context.ts';
import { registerSecurityHeaders, securityHeaderSets } from './http/security-headers.ts';
import { registerStaticSite, wantsPortalPage } from './http/static-site.ts';
import { registerActionItemRoutes } from './modules/action-items/routes.ts';
import {
  createPortalAnnouncementListCache,
  registerAnnouncementRoutes,
} from './modules/announcements/routes.ts';
import { registerAuthLinkRoutes } from './modules/auth-links/routes.ts';
import { registerDevRoutes } from './modules/dev/routes.ts';
import { type Lifecycle, registerHealthRoutes } from './modules/health/routes.ts';
import { storeIntegrationKey, verifyIntegrationKey } from './modules/integration/keys.ts';
import { registerIntegrationRoutes } from './modules/integration/routes.ts';
import { startTextResender } from './modules/messages/delivery.ts';
import { registerMessageRoutes } from './modules/messages/routes.ts';
import { registerOnboardingRoutes } from './modules/onboarding/routes.ts';
import { registerPathwayRoutes } from './modules/pathways/routes.ts';
import { createTutorReferenceDataCache } from './modules/tutors/reference-data.ts';
import { registerTutorRoutes } from './modules/tutors/routes.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes.ts';
import { createFirebaseIdentity, type IdentityProvider } from './providers/identity.ts';
import { createMailProvider, type MailProvider } from './providers/mail.ts';
import {
  createDevSms,
  createTwilioSms,
  createUnconfiguredSms,
  type SmsProvider,
} from './providers/sms.ts';
import {
  createDeepLTranslation,
  createTranslationOff,
  type TranslationProvider,
} from './providers/translation.ts';
import { withVerifiedTokenCache } from './providers/verified-token-cache.ts';
import { DEMO_INTEGRATION_KEY, seedDemoData } from './seed/demo.ts';

/** Every API path is mounted under this prefix (the contract's `servers[0].url`). */
export const API_PREFIX = '/api';
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDependencies {
  /** An open, migrated database; the caller keeps ownership (it is not closed with the app). */
  database?: DatabaseHandle;
  identity?: IdentityProvider;
  /** The clock: stats, token expiry, rate-limit windows, message times. */
  now?: () => Date;
  mail?: MailProvider;
  sms?: SmsProvider;
  translation?: TranslationProvider;
  /** The fetch the Twilio provider uses (tests answer for Twilio's API). */
  fetch?: typeof fetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Prometheus metrics; main.ts serves them on METRICS_PORT when it is set. */
    metrics: Metrics;
    /** Work started by requests and not awaited by them (e-mail delivery). */
    backgroundTasks: BackgroundTasks;
  }
}

function clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted; send application/json.`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `body is larger than the limit of ${BODY_LIMIT_BYTES / 1024 / 1024} MB`;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body is empty; send a JSON body';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'body length does not match the Content-Length header';
    default:
      // The JSON parser reports a syntax error as a plain SyntaxError with status 400.
      return error instanceof SyntaxError ? 'body is not valid JSON' : error.message;
  }
}

/**
 * A Fastify instance for this configuration, with nothing shared between instances: tests build
 * one per suite and use app.inject(). Opens and migrates the database unless one is given, seeds
 * the demo data when `config.seed` is set and the database is empty.
 */
export async function buildApp(
  config: Config,
  dependencies: AppDependencies = {},
): Promise<FastifyInstance> {
  assertSafeForEnvironment(config);
  const contract = loadContract(config.openapiPath);
  if (contract.basePath !== API_PREFIX) {
    throw new Error(
      `The contract's server url is '${contract.basePath}', the server mounts '${API_PREFIX}'.`,
    );
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        // Paths only: query strings can carry sign-in material (a magic link's step-up token).
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
      },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // One line per request, when it completes (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // A 304 (nothing changed since the caller's copy) is logged at debug: open chats ask every 5 s,
  // so at info those lines were nearly all of the log and a sixth of a poll's CPU in the server.
  app.addHook('onResponse', (request, reply, done) => {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode === 304) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
    done();
  });
  // Only JSON bodies are parsed; anything else is refused with 415 before validation.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('session', null);

  const now = dependencies.now ?? (() => new Date());
  const ownsDatabase = dependencies.database === undefined;
  const identity = withVerifiedTokenCache(
    dependencies.identity ??
      createFirebaseIdentity({
        projectId: config.firebaseProjectId,
        authEmulatorHost: config.firebaseAuthEmulatorHost,
      }),
  );
  let database: DatabaseHandle;
  try {
    database = dependencies.database ?? (await openDatabase(config));
  } catch (error) {
    await identity.close();
    throw error;
  }
  app.decorate('database', database);
  const metrics = createMetrics(database);
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  const background = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', background);
  const production = config.nodeEnv === 'production';
  const mail =
    dependencies.mail ??
    createMailProvider({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      production,
      db: database.db,
      log: app.log,
      now,
    });
  const devSms =
    dependencies.sms || config.twilio || production ? undefined : createDevSms(database.db, now);
  const sms = withTextMetrics(
    dependencies.sms ??
      devSms ??
      (config.twilio
        ? createTwilioSms({
            accountSid: config.twilio.accountSid,
            authToken: config.twilio.authToken,
            statusCallbackUrl: config.twilio.statusCallbackUrl,
            ...(dependencies.fetch ? { fetch: dependencies.fetch } : {}),
          })
        : createUnconfiguredSms()),
    metrics,
  );
  const translation =
    dependencies.translation ??
    (config.deepl ? createDeepLTranslation(config.deepl) : createTranslationOff());
  let textResender: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    if (config.textResendIntervalMs > 0) {
      textResender = startTextResender({
        db: database.db,
        sms,
        translation,
        log: app.log,
        now,
        intervalMs: config.textResendIntervalMs,
      });
    }
  });
  app.addHook('onClose', async () => {
    await textResender?.stop();
    await background.settle();
    mail.close();
    await identity.close();
    if (ownsDatabase) await database.close();
  });

  try {
    if (config.seed) {
      const seeded = await seedDemoData(database.db, {
        now: now(),
        availabilityFormUrl: config.availabilityFormUrl,
      });
      app.log.info(seeded ? 'seeded the demo data' : 'the database has data: not seeding');
      // The demo's published integration key, so the integration API can be tried at once; a
      // production server never has it, whatever SEED says.
      if (seeded && !production) {
        await storeIntegrationKey(database.db, {
          name: 'demo',
          scope: 'write',
          key: DEMO_INTEGRATION_KEY,
          now: now(),
        });
      }
    }

    const securityHeaders = securityHeaderSets({
      production: config.nodeEnv === 'production',
      firebaseProjectId: config.firebaseProjectId,
      authEmulatorHost: config.firebaseAuthEmulatorHost,
      embedOrigins: config.embedOrigins,
      scriptOrigins: config.scriptOrigins,
    });
    registerSecurityHeaders(app, securityHeaders, API_PREFIX);

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiError) {
        request.log.info(
          { statusCode: error.statusCode, reason: error.message },
          'request refused',
        );
        return reply
          .code(error.statusCode)
          .send(errorBody(error.statusCode, error.message, error.details));
      }
      const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (statusCode >= 400 && statusCode < 500) {
        const message = clientErrorMessage(error, request);
        request.log.info({ statusCode, code: error.code, reason: message }, 'request refused');
        const details =
          statusCode === 400 ? request.routeOptions.config.invalidBodyDetails : undefined;
        return reply.code(statusCode).send(errorBody(statusCode, message, details));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(500, 'Internal server error.'));
    });

    const portalPages: PortalPages | undefined = config.staticDir
      ? readPortalPages(config.staticDir)
      : undefined;
    app.setNotFoundHandler((request, reply) => {
      // A path without a route: the portal's not-found page for a page navigation, JSON otherwise.
      if (portalPages && wantsPortalPage(request, API_PREFIX)) {
        return sendNotFoundPage(reply, portalPages);
      }
      const path = request.url.split('?')[0];
      return reply.code(404).send(errorBody(404, `No such path: ${request.method} ${path}`));
    });

    const context: RouteContext = {
      contract,
      identity,
      verifyIntegrationKey: (key) => verifyIntegrationKey(database.db, key, now()),
      orgDomain: config.orgDomain,
      responseValidation: config.responseValidation,
      reportResponseMismatch: (operation, status) =>
        metrics.contractMismatches.inc({ operation, status: String(status) }),
      config,
      db: database.db,
      now,
      mail,
      sms,
      devSms,
      translation,
      background,
      metrics,
      tutorReferenceData: createTutorReferenceDataCache(database.db),
      portalAnnouncementList: createPortalAnnouncementListCache(database.db),
      securityHeaders,
    };
    // Readiness turns 503 as soon as a shutdown begins, before connections close.
    const lifecycle: Lifecycle = { shuttingDown: false };
    app.addHook('preClose', async () => {
      lifecycle.shuttingDown = true;
    });
    // Answers sent while shutting down end their connection, so clients reconnect elsewhere.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (lifecycle.shuttingDown) reply.header('connection', 'close');
      return payload;
    });
    await app.register(
      async (api) => {
        // JSON answers over 1 KB in brotli or gzip, as the request accepts (compression.ts).
        await registerApiCompression(api);
        // Same-origin calls need no CORS; only the configured portal origin may call cross-origin.
        // Without one, the plugin is not registered at all: it would only add no headers, at a
        // cost on every request (4 % of the server's CPU per chat poll under `pnpm bench:api`).
        if (config.portalOrigin) {
          await api.register(cors, {
            origin: [config.portalOrigin],
            methods: ['GET', 'POST'],
            allowedHeaders: ['authorization', 'content-type'],
            maxAge: 600,
          });
        }
        registerHealthRoutes(api, context, lifecycle);
        registerTutorRoutes(api, context);
        registerMessageRoutes(api, context);
        registerAnnouncementRoutes(api, context);
        registerActionItemRoutes(api, context);
        registerPathwayRoutes(api, context);
        registerOnboardingRoutes(api, context);
        registerAuthLinkRoutes(api, context);
        registerIntegrationRoutes(api, context);
        await api.register(async (webhooks) => registerWebhookRoutes(webhooks, context));
        if (config.devRoutes) {
          await api.register(async (dev) => registerDevRoutes(dev, context));
        }
      },
      { prefix: API_PREFIX },
    );

    registerApiDocs(app, config.openapiPath, API_PREFIX);
    if (config.staticDir && portalPages) {
      await registerStaticSite(app, config.staticDir);
      registerPortalPages(app, portalPages);
    }
    await app.ready();
  } catch (error) {
    // The app never became ready, so its onClose hooks may not run: release what it holds here.
    await identity.close().catch(() => undefined);
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
