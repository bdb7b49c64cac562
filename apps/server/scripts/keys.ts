// `pnpm --filter @tutoring/server keys <command>`: integration keys of the organisation's systems,
// on the database of this environment (DATABASE_URL, or PGlite in DATA_DIR as the server uses).
//
//   keys create --name admin-portal --scope write   prints the key, once
//   keys create --name crm-sync --scope "read students:write"   several scopes, space-separated
//   keys list                                       name, scopes, prefix, created, last used, revoked
//   keys revoke --name admin-portal
//
// Scopes: read, write (every read and write), <kind>:write for one kind (tutors, students,
// applicants, sessions, portal-announcements, weekly-announcements, action-items, pathways), and
// guardian-phone:write (changing a stored student's guardian phone).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open.ts';
import {
  createIntegrationKey,
  INTEGRATION_SCOPES,
  IntegrationKeyError,
  listIntegrationKeys,
  revokeIntegrationKey,
} from '../src/modules/integration/keys.ts';

const USAGE =
  `usage: keys create --name <name> --scope "<scope> [<scope> …]" | keys list | keys revoke --name <name>\n` +
  `scopes: ${INTEGRATION_SCOPES.join(', ')}`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, scope: { type: 'string' } },
});
const [command] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (!command || !['create', 'list', 'revoke'].includes(command)) fail(USAGE);

const database = await openDatabase(config);
try {
  const now = new Date();
  if (command === 'create') {
    if (!values.name || !values.scope) fail(USAGE);
    const created = await createIntegrationKey(database.db, {
      name: values.name,
      scope: values.scope,
      now,
    });
    console.log(
      `Created key ${created.name} (${created.scope}). Store it now: it is not shown again.`,
    );
    console.log(created.key);
  } else if (command === 'list') {
    const keys = await listIntegrationKeys(database.db);
    if (keys.length === 0) console.log('No integration keys.');
    for (const key of keys) {
      console.log(
        [
          key.name.padEnd(24),
          key.scope.padEnd(24),
          `${key.keyPrefix}…`,
          `created ${key.createdAt.toISOString()}`,
          key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : 'never used',
          key.revokedAt ? `REVOKED ${key.revokedAt.toISOString()}` : '',
        ].join('  '),
      );
    }
  } else {
    if (!values.name) fail(USAGE);
    if (!(await revokeIntegrationKey(database.db, values.name, now))) {
      fail(`No key named ${values.name} is active.`);
    }
    console.log(`Revoked ${values.name}: it opens nothing from now on.`);
  }
} catch (error) {
  if (error instanceof IntegrationKeyError) fail(error.message);
  throw error;
} finally {
  await database.close();
}
