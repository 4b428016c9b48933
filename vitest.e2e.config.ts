import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium against the built app; run one file at a time (2 cores).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
