// `pnpm --filter @tutoring/server env:example`: writes apps/server/.env.example from the
// server's configuration schema (serverEnvSchema in src/config.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { envExample } from '../src/config.ts';

const target = fileURLToPath(new URL('../.env.example', import.meta.url));
writeFileSync(target, envExample());
console.log(`Wrote ${target}`);
