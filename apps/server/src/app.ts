import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { AppDependencies } from './app/dependencies.ts';
import { createBackgroundJobs } from './app/jobs.ts';
import {
  createIdentity,
  createMessagingProviders,
  openAppDatabase,
  registerStartAndClose,
} from './app/providers.ts';
import { apiRoutes, createRouteContext, trackShutdown } from './app/routes.ts';
import { seedDemoDataWhenAsked } from './app/seed.ts';
import { createSharedReads } from './app/shared-reads.ts';
import { assertSafeForEnvironment, type Config } from './config.ts';
import type { DatabaseHandle } from './db/open.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { type BackgroundTasks, createBackgroundTasks } from './http/background.ts';
import { createClock } from './http/clock.ts';
import { type Contract, loadContract } from './http/contract.ts';
import { errorHandler } from './http/errors.ts';
import { createMetrics, type Metrics, registerRequestMetrics } from './http/metrics.ts';
import { notFoundHandler, readPortalPages, registerPortalPages } from './http/portal-pages.ts';
import { registerRequestIds, requestIdGenerator } from './http/request-id.ts';
import { logCompletedRequests, loggerOptions } from './http/request-log.ts';
import {
  registerSecurityHeaders,
  type SecurityHeaderSets,
  securityHeaderSets,
} from './http/security-headers.ts';
import { registerStaticSite } from './http/static-site.ts';

/** Every API path is mounted under this prefix (the contract's `servers[0].url`). */
export const API_PREFIX = '/api';
export const BODY_LIMIT_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Prometheus metrics; main.ts serves them on METRICS_PORT when it is set. */
    metrics: Metrics;
    /** Work started by requests and not awaited by them (e-mail delivery). */
    backgroundTasks: BackgroundTasks;
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
  const contract = loadApiContract(config);
  const app = createFastify(config);
  // Every route and job reads the time through this clock; only POST /api/dev/clock moves it.
  const clock = createClock(dependencies.now ?? (() => new Date()));
  const now = clock.now;
  const ownsDatabase = dependencies.database === undefined;
  const identity = createIdentity(config, dependencies);
  const database = await openAppDatabase(config, dependencies, identity);
  const { metrics, background } = decorateApp(app, database);
  const services = { db: database.db, log: app.log, now, metrics };
  const providers = createMessagingProviders(config, dependencies, services);
  const jobs = createBackgroundJobs({ ...services, ...providers, config });
  const held = { identity, database, ownsDatabase, providers, background, now, jobs };
  registerStartAndClose(app, config, held);

  try {
    await seedDemoDataWhenAsked(config, database.db, app.log, now);
    const securityHeaders = securityHeadersOf(config);
    registerSecurityHeaders(app, securityHeaders, API_PREFIX);
    app.setErrorHandler(errorHandler({ bodyLimitBytes: BODY_LIMIT_BYTES }));
    const portalPages = config.staticDir ? readPortalPages(config.staticDir) : undefined;
    app.setNotFoundHandler(notFoundHandler(portalPages, API_PREFIX));
    const context = createRouteContext({
      ...held,
      clock,
      config,
      contract,
      metrics,
      securityHeaders,
      sharedReads: createSharedReads(app, database),
    });
    const lifecycle = trackShutdown(app);
    await app.register(apiRoutes(context, lifecycle), { prefix: API_PREFIX });
    await registerApiDocs(app, {
      openapiPath: config.openapiPath,
      production: config.nodeEnv === 'production',
    });
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

/** The contract, which must mount its paths where the server does. */
function loadApiContract(config: Config): Contract {
  const contract = loadContract(config.openapiPath);
  if (contract.basePath !== API_PREFIX) {
    throw new Error(
      `The contract's server url is '${contract.basePath}', the server mounts '${API_PREFIX}'.`,
    );
  }
  return contract;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify 5 takes a bare number as "trust nothing" (a hop
 * count cannot tell the proxy from a client that reaches the server directly), so a count becomes
 * proxy-addr's own hop rule: the first `count` addresses from the socket are proxies. It is right
 * only when the server can be reached through the proxies alone; otherwise list their addresses.
 */
export function trustProxyOption(
  trustProxy: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/**
 * Node checks headersTimeout and requestTimeout every connectionsCheckingInterval (30 s by
 * default, three times the headers timeout): four checks per headers timeout instead, so a slow
 * sender outlives its timeout by a quarter of it at most.
 */
function connectionsCheckingInterval(timeouts: Config['timeouts']): number {
  return Math.max(250, Math.min(30_000, Math.floor(timeouts.headersMs / 4)));
}

/** The bare instance: its logging, body limit, timeouts and proxy trust, JSON bodies only. */
function createFastify(config: Config): FastifyInstance {
  const { timeouts } = config;
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy),
    // Fastify 5 leaves the request and connection timeouts off: a slow or silent client would
    // hold its socket (and a slot of the load balancer's) for ever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: connectionsCheckingInterval(timeouts),
    },
    // One line per request, when it completes (logCompletedRequests), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestIds(app);
  logCompletedRequests(app);
  // Only JSON bodies are parsed; anything else is refused with 415 before validation.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('session', null);
  return app;
}

/** What the app carries for main.ts and the tests: the database, its metrics, background work. */
function decorateApp(app: FastifyInstance, database: DatabaseHandle) {
  app.decorate('database', database);
  const metrics = createMetrics(database);
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  const background = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', background);
  return { metrics, background };
}

/** The security headers of pages and of API answers, for this environment and its origins. */
function securityHeadersOf(config: Config): SecurityHeaderSets {
  return securityHeaderSets({
    production: config.nodeEnv === 'production',
    firebaseProjectId: config.firebaseProjectId,
    authEmulatorHost: config.firebaseAuthEmulatorHost,
    embedOrigins: config.embedOrigins,
    scriptOrigins: config.scriptOrigins,
  });
}
