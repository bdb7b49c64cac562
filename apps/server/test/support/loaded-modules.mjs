// Loaded first (node --import ./loaded-modules.mjs …): records every module URL
// the process resolves, and writes them on exit as JSON to the file LOADED_MODULES_FILE names
// (tracing.test.ts). A file, not stdout: a write to a pipe is asynchronous, and the process ends
// before a large one is through.
import { writeFileSync } from 'node:fs';
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
  writeFileSync(process.env.LOADED_MODULES_FILE ?? '', JSON.stringify([...urls]));
});
