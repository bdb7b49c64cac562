// `pnpm --filter @tutoring/portal env:example`: writes apps/portal/.env.example.
import { writeFileSync } from 'node:fs';
import { envExample, envExamplePath } from './envExample.mjs';

writeFileSync(envExamplePath, await envExample());
console.log(`Wrote ${envExamplePath}`);
