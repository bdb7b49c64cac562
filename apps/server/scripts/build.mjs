// `pnpm --filter @tutoring/server build`: the server as JavaScript in dist/ (tsc, with src/'s
// layout), with what it reads at run time beside it: the migrations, the contract (openapi.yaml)
// and, when the portal has been built, the portal's files in dist/portal. `node dist/main.js` then
// runs on plain Node, without tsx or any development dependency, also from a `pnpm deploy` folder,
// and so do the operator's commands (dist/admin/main.js, the `tutoring-admin` bin).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const dist = `${serverDir}dist`;

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync('pnpm', ['exec', 'tsc', '-p', 'tsconfig.build.json'], {
  cwd: serverDir,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// The operator's commands are the package's `bin` (tutoring-admin): an executable script.
chmodSync(`${dist}/admin/main.js`, 0o755);
cpSync(`${serverDir}src/db/migrations`, `${dist}/db/migrations`, { recursive: true });
cpSync(`${repoRoot}openapi.yaml`, `${dist}/openapi.yaml`);
const portal = `${repoRoot}apps/portal/dist`;
if (existsSync(`${portal}/pages.json`)) cpSync(portal, `${dist}/portal`, { recursive: true });
console.log(
  `Built the server into ${dist}${existsSync(`${dist}/portal`) ? ', with the portal' : ' (no portal build found: API only)'}`,
);
