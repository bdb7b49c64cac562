// `tutoring-admin seed`: the demo data (seed/demo.ts) in an empty database, as SEED=true does at
// the server's start; a database with tutors is left as it is. Outside production it also stores
// the demo's published integration key, which a production database never gets.
import { storeIntegrationKey } from '../modules/integration/keys.ts';
import { DEMO_INTEGRATION_KEY, seedDemoData } from '../seed/demo.ts';
import { AdminError, type AdminIo, adminConfig, EXIT, withDatabase } from './common.ts';

export const SEED_USAGE = 'tutoring-admin seed';

export async function seedCommand(args: string[], io: AdminIo): Promise<number> {
  if (args.length > 0) throw new AdminError(`usage: ${SEED_USAGE}`);
  const config = adminConfig(io);
  const seeded = await withDatabase(config, async ({ db }) => {
    const now = new Date();
    const done = await seedDemoData(db, { now, availabilityFormUrl: config.availabilityFormUrl });
    if (done && config.nodeEnv !== 'production') {
      await storeIntegrationKey(db, {
        name: 'demo',
        scope: 'write',
        key: DEMO_INTEGRATION_KEY,
        now,
      });
    }
    return done;
  });
  io.out(seeded ? 'Seeded the demo data.' : 'The database has data: not seeding.');
  return EXIT.ok;
}
