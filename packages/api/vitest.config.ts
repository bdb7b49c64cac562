import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    // Both cores (Vitest's default on two is one worker): 16 s -> 9-11 s; three were no faster.
    maxWorkers: 2,
  },
});
