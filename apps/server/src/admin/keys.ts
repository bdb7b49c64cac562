// `tutoring-admin keys create|list|revoke`: integration keys of the organisation's systems.
//
//   keys create --name crm --scope write            prints the key, once
//   keys create --name crm-sync --scope "read students:write"   several scopes
//   keys list                                       name, scopes, prefix, created, last used, revoked
//   keys revoke --name crm
//
// The scopes are checked by createIntegrationKey (modules/integration/keys.ts), which lists them.
import { parseArgs } from 'node:util';
import {
  createIntegrationKey,
  INTEGRATION_SCOPES,
  IntegrationKeyError,
  listIntegrationKeys,
  revokeIntegrationKey,
} from '../modules/integration/keys.ts';
import { AdminError, type AdminIo, adminConfig, EXIT, withDatabase } from './common.ts';

export const KEYS_USAGE =
  'tutoring-admin keys create --name <name> --scope "<scope> [<scope> …]"\n' +
  'tutoring-admin keys list\n' +
  'tutoring-admin keys revoke --name <name>';

function usage(): AdminError {
  return new AdminError(`usage:\n${KEYS_USAGE}\nscopes: ${INTEGRATION_SCOPES.join(', ')}`);
}

export async function keysCommand(args: string[], io: AdminIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, scope: { type: 'string' } },
  });
  const [command, ...extra] = positionals;
  if (extra.length > 0) throw usage();
  const { name, scope } = values;
  if (command === 'create' && name && scope) {
    return withKeys(io, async (db) => {
      const created = await createIntegrationKey(db, { name, scope, now: new Date() });
      io.out(
        `Created key ${created.name} (${created.scope}). Store it now: it is not shown again.`,
      );
      io.out(created.key);
      return EXIT.ok;
    });
  }
  if (command === 'list' && !name && !scope) {
    return withKeys(io, async (db) => {
      const keys = await listIntegrationKeys(db);
      if (keys.length === 0) io.out('No integration keys.');
      for (const key of keys) {
        io.out(
          [
            key.name.padEnd(24),
            key.scope.padEnd(24),
            `${key.keyPrefix}…`,
            `created ${key.createdAt.toISOString()}`,
            key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : 'never used',
            key.revokedAt ? `REVOKED ${key.revokedAt.toISOString()}` : '',
          ]
            .join('  ')
            .trimEnd(),
        );
      }
      return EXIT.ok;
    });
  }
  if (command === 'revoke' && name && !scope) {
    return withKeys(io, async (db) => {
      if (!(await revokeIntegrationKey(db, name, new Date()))) {
        throw new AdminError(`No key named ${name} is active.`, EXIT.failed);
      }
      io.out(`Revoked ${name}: it opens nothing from now on.`);
      return EXIT.ok;
    });
  }
  throw usage();
}

/** Runs a key command on the database; a key the module refuses (name, scope) is a usage error. */
async function withKeys(
  io: AdminIo,
  work: (db: Parameters<typeof listIntegrationKeys>[0]) => Promise<number>,
): Promise<number> {
  const config = adminConfig(io);
  try {
    return await withDatabase(config, (database) => work(database.db));
  } catch (error) {
    if (error instanceof IntegrationKeyError) throw new AdminError(error.message);
    throw error;
  }
}
