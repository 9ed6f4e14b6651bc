import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    env: { TZ: 'UTC' },
    pool: 'forks',
    // The machines are shared (2 cores): generous, so load elsewhere does not fail a correct test.
    testTimeout: 30_000,
  },
});
