// The database of a run: PostgreSQL (as the tests start it) or PGlite, migrated with the server's
// own migrator, then the organisation-scale dataset loaded in one session.
import pg from 'pg';
import { openPglite, openPostgres } from '../../apps/server/src/db/open.ts';
import {
  type OrganisationDataset,
  type SqlSession,
  seedOrganisationScale,
} from '../../apps/server/src/seed/organisation-scale.ts';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { cpuAccounts } from './measure.ts';
import { args, ORG_DOMAIN, PORTS, pglite, pgSettings, scale, TEN_X_DATABASE } from './options.ts';
import { log, stops, tmpPath } from './processes.ts';

export interface BenchDatabase {
  /** PostgreSQL's connection string; undefined on PGlite. */
  url: string | undefined;
  /** --growth on PostgreSQL: the copy of the dataset that gets 10x the messages and sessions. */
  tenXUrl: string | undefined;
  /** PostgreSQL's log (--plans reads auto_explain's plans there). */
  postgresLog: string | undefined;
  /** PGlite's data folder, when the run is on PGlite. */
  dataDir: string;
  dataset: OrganisationDataset;
  seedSeconds: number;
}

export async function prepareDatabase(): Promise<BenchDatabase> {
  const dataDir = tmpPath('pglite');
  let url: string | undefined;
  let postgresLog: string | undefined;
  let seeded: { dataset: OrganisationDataset; seedSeconds: number };
  if (pglite) {
    seeded = await seedPglite(dataDir);
  } else {
    const postgres = await startBenchPostgres();
    url = postgres.url;
    postgresLog = postgres.logFile;
    seeded = await seedPostgres(postgres.url);
  }
  const { dataset, seedSeconds } = seeded;
  log(
    `Dataset generated in ${seedSeconds.toFixed(1)} s (target < 120 s at scale 1): ${Object.entries(
      dataset.counts,
    )
      .map(([table, rows]) => `${table} ${rows}`)
      .join(', ')}`,
  );
  const tenXUrl = args.growth && url ? await copyForGrowth(url) : undefined;
  return { url, tenXUrl, postgresLog, dataDir, dataset, seedSeconds };
}

function seedOptions() {
  return { scale, seed: Number(args.seed), orgDomain: ORG_DOMAIN };
}

async function seedPglite(dataDir: string) {
  const handle = await openPglite(dataDir);
  const client = (handle.db as unknown as { $client: SqlSession }).$client;
  const seedStarted = Date.now();
  const dataset = await seedOrganisationScale(client, seedOptions());
  await handle.close();
  return { dataset, seedSeconds: (Date.now() - seedStarted) / 1000 };
}

/** PostgreSQL on the benchmark's port, migrated; its CPU is charged to the database. */
async function startBenchPostgres() {
  const postgres = await startPostgres({
    port: PORTS.postgres,
    settings: {
      ...(args.plans
        ? {
            // log_min_duration stays at its default (-1, off) and is not set here: the command
            // line would win over the ALTER SYSTEM that turns it on for one request per route.
            shared_preload_libraries: 'auto_explain',
            'auto_explain.log_analyze': 'on',
            'auto_explain.log_buffers': 'on',
          }
        : {}),
      ...pgSettings,
    },
  });
  stops.push({ name: 'PostgreSQL', stop: () => postgres.stop() });
  cpuAccounts.postmasterPid = postgres.pid();
  const migrated = await openPostgres(postgres.url);
  await migrated.close();
  return postgres;
}

async function seedPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seedStarted = Date.now();
  let dataset: OrganisationDataset;
  try {
    dataset = await seedOrganisationScale(client, seedOptions());
  } finally {
    await client.end();
  }
  return { dataset, seedSeconds: (Date.now() - seedStarted) / 1000 };
}

/**
 * --growth measures GET /tutor and the poll on this dataset and on a copy of it with 10x the
 * messages and sessions, side by side. The copy is made now, while nothing is connected to the
 * database (a template may have no other session), and multiplied when growth runs.
 */
async function copyForGrowth(databaseUrl: string): Promise<string> {
  const copied = Date.now();
  const adminUrl = new URL(databaseUrl);
  const source = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/template1';
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEN_X_DATABASE} TEMPLATE "${source}" STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  const tenXUrl = new URL(databaseUrl);
  tenXUrl.pathname = `/${TEN_X_DATABASE}`;
  log(
    `Copied the dataset for --growth in ${((Date.now() - copied) / 1000).toFixed(1)} s (not counted above).`,
  );
  return tenXUrl.href;
}
