// A step of buildApp (app.ts): the demo data, when the configuration asks for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { storeIntegrationKey } from '../modules/integration/keys.ts';
import { DEMO_INTEGRATION_KEY, seedDemoData } from '../seed/demo.ts';

/** Seeds the demo data when `config.seed` is set and the database is empty. */
export async function seedDemoDataWhenAsked(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date,
): Promise<void> {
  if (!config.seed) return;
  const seeded = await seedDemoData(db, {
    now: now(),
    availabilityFormUrl: config.availabilityFormUrl,
  });
  log.info(seeded ? 'seeded the demo data' : 'the database has data: not seeding');
  // The demo's published integration key, so the integration API can be tried at once; a
  // production server never has it, whatever SEED says.
  if (seeded && config.nodeEnv !== 'production') {
    await storeIntegrationKey(db, {
      name: 'demo',
      scope: 'write',
      key: DEMO_INTEGRATION_KEY,
      now: now(),
    });
  }
}
