import { defineConfig } from 'vitest/config';

// Unit and Node integration tests; the browser suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  // Unit tests see the test build's flags (src/build-flags.d.ts).
  define: { __QARX_TEST_HOOKS__: 'true' },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
