// Steps of buildApp (app.ts): what the modules' routes get (the route context), the API's plugin
// under its prefix (compression, CORS and every module's routes), and the shutdown state that
// readiness and the answers sent while shutting down read.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/open.ts';
import type { BackgroundTasks } from '../http/background.ts';
import type { Clock } from '../http/clock.ts';
import { registerApiCompression } from '../http/compression.ts';
import type { Contract } from '../http/contract.ts';
import type { Metrics } from '../http/metrics.ts';
import { useContractSchemas } from '../http/operations.ts';
import { consumeRateLimits } from '../http/rate-limit.ts';
import type { BackgroundJobs, RouteContext } from '../http/route-context.ts';
import type { SecurityHeaderSets } from '../http/security-headers.ts';
import { registerActionItemRoutes } from '../modules/action-items/routes.ts';
import { registerAnnouncementRoutes } from '../modules/announcements/routes.ts';
import { registerAuthLinkRoutes } from '../modules/auth-links/routes.ts';
import { registerDevRoutes } from '../modules/dev/routes.ts';
import { type Lifecycle, registerHealthRoutes } from '../modules/health/routes.ts';
import { verifyIntegrationKey } from '../modules/integration/keys.ts';
import { registerIntegrationRoutes } from '../modules/integration/routes.ts';
import { registerMessageRoutes } from '../modules/messages/routes.ts';
import { registerNotificationRoutes } from '../modules/notifications/routes.ts';
import { registerOnboardingRoutes } from '../modules/onboarding/routes.ts';
import { registerPathwayRoutes } from '../modules/pathways/routes.ts';
import { registerTutorRoutes } from '../modules/tutors/routes.ts';
import { registerWebhookRoutes } from '../modules/webhooks/routes.ts';
import { registerClientReportRoutes } from '../observability/client-reports.ts';
import type { IdentityProvider } from '../providers/identity.ts';
import type { MessagingProviders } from './providers.ts';
import type { SharedReads } from './shared-reads.ts';

/** The route context: the contract machinery, the database, the providers, caches and the clock. */
export function createRouteContext(parts: {
  config: Config;
  contract: Contract;
  identity: IdentityProvider;
  database: DatabaseHandle;
  now: () => Date;
  clock: Clock;
  jobs: BackgroundJobs;
  providers: MessagingProviders;
  background: BackgroundTasks;
  metrics: Metrics;
  securityHeaders: SecurityHeaderSets;
  /** The shared-read caches, kept fresh across instances (shared-reads.ts). */
  sharedReads: SharedReads;
}): RouteContext {
  const { config, database, now, providers, metrics } = parts;
  return {
    contract: parts.contract,
    identity: parts.identity,
    verifyIntegrationKey: async (key) => {
      const caller = await verifyIntegrationKey(database.db, key, now());
      // A rate per key, shared by every instance, besides each batch's row limit.
      if (caller) {
        await consumeRateLimits(database.db, now(), [
          {
            key: `integration-key:${caller.keyName}`,
            limit: config.integrationCallsPerMinute,
            windowMs: 60_000,
            reached: (tryAgainIn) =>
              `The key ${caller.keyName} has made ${config.integrationCallsPerMinute} calls this minute, the most allowed. Try again in ${tryAgainIn}.`,
          },
        ]);
      }
      return caller;
    },
    orgDomain: config.orgDomain,
    responseValidation: config.responseValidation,
    reportResponseMismatch: (operation, status) =>
      metrics.contractMismatches.inc({ operation, status: String(status) }),
    config,
    db: database.db,
    now,
    clock: parts.clock,
    jobs: parts.jobs,
    mail: providers.mail,
    sms: providers.sms,
    devSms: providers.devSms,
    translation: providers.translation,
    media: providers.media,
    background: parts.background,
    metrics,
    tutorReferenceData: parts.sharedReads.tutorReferenceData,
    portalAnnouncementList: parts.sharedReads.portalAnnouncementList,
    securityHeaders: parts.securityHeaders,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shutdown state: main.ts sets it on SIGTERM, when the drain begins (app.close() later). */
    lifecycle: Lifecycle;
  }
}

/** Whether the app is shutting down, as the hooks this adds keep it. */
export function trackShutdown(app: FastifyInstance): Lifecycle {
  // Readiness turns 503 as soon as a shutdown begins, before connections close.
  const lifecycle: Lifecycle = { shuttingDown: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => {
    lifecycle.shuttingDown = true;
  });
  // Answers sent while shutting down end their connection, so clients reconnect elsewhere.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    return payload;
  });
  return lifecycle;
}

/** The API, a plugin the app registers under its prefix: compression, CORS, the modules' routes. */
export function apiRoutes(context: RouteContext, lifecycle: Lifecycle): FastifyPluginAsync {
  return async (api) => {
    // JSON answers over 1 KB in brotli or gzip, as the request accepts (compression.ts).
    await registerApiCompression(api);
    // Same-origin calls need no CORS; only the configured portal origin may call cross-origin.
    // Without one, the plugin is not registered at all: it would only add no headers, at a
    // cost on every request (4 % of the server's CPU per chat poll under `pnpm bench:api`).
    if (context.config.portalOrigin) {
      await api.register(cors, {
        origin: [context.config.portalOrigin],
        methods: ['GET', 'POST'],
        allowedHeaders: ['authorization', 'content-type'],
        maxAge: 600,
      });
    }
    // Every operation's request schema from the contract, for whoever registers its route; the
    // component schemas the answers Fastify serialises refer to (operations.ts).
    useContractSchemas(api, context.contract);
    api.addSchema(context.contract.componentsSchema);
    await registerModuleRoutes(api, context, lifecycle);
  };
}

/**
 * Every module's routes. The notifications (the unsubscribe page), the webhooks and the
 * development routes have plugins of their own: their body parsers and page headers stay theirs.
 */
async function registerModuleRoutes(
  api: FastifyInstance,
  context: RouteContext,
  lifecycle: Lifecycle,
): Promise<void> {
  registerHealthRoutes(api, context, lifecycle);
  registerTutorRoutes(api, context);
  registerMessageRoutes(api, context);
  registerAnnouncementRoutes(api, context);
  registerActionItemRoutes(api, context);
  registerPathwayRoutes(api, context);
  registerOnboardingRoutes(api, context);
  registerAuthLinkRoutes(api, context);
  registerIntegrationRoutes(api, context);
  await api.register(async (notifications) => registerNotificationRoutes(notifications, context));
  await api.register(async (webhooks) => registerWebhookRoutes(webhooks, context));
  await registerClientReportRoutes(api, context);
  if (context.config.devRoutes) {
    await api.register(async (dev) => registerDevRoutes(dev, context));
  }
}
