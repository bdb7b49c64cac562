import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
      // One module graph and one happy-dom per worker instead of one per file: 20 s instead of 80 s
      // for the suite on two cores. Mocks are restored and globals unstubbed after each test; the
      // suite passes with its files shuffled (--sequence.shuffle.files), so no file leans on
      // another's leftovers.
      isolate: false,
      // ...and each file still starts on an empty page with empty storage.
      setupFiles: ['src/testing/isolateTestFiles.ts'],
      restoreMocks: true,
      // testServices.tsx points the global fetch at the mock backend for Firebase's SDK.
      unstubGlobals: true,
    },
  }),
);
