// Run before tsx (node --import ./loaded-modules.mjs --import tsx …): records every module URL
// the process resolves, and prints them on exit as JSON (tracing.test.ts).
import { registerHooks } from 'node:module';

const urls = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    urls.add(resolved.url);
    return resolved;
  },
});
process.on('exit', () => {
  process.stdout.write(`\nLOADED ${JSON.stringify([...urls])}\n`);
});
