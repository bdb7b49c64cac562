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
      // Three files at a time: Vitest's default on two cores is one worker, which left 45 % of the
      // CPU idle (the tests wait on happy-dom's timers and React's renders); the suite took 43 s
      // with one, 27 s with two, 21-23 s with three, 24 s with four.
      maxWorkers: 3,
      restoreMocks: true,
      // testServices.tsx points the global fetch at the mock backend for Firebase's SDK.
      unstubGlobals: true,
    },
  }),
);
