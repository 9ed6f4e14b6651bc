import { defineConfig } from 'vitest/config';

/**
 * Two instances of `server.js` on PostgreSQL behind nginx (issue 7, ADR 017). Needs the production
 * build, TEST_DATABASE_URL and nginx, so `npm test` runs it in a stage of its own when both are there:
 * `TEST_DATABASE_URL=postgres://… vitest run -c vitest.multi.config.ts`.
 */
export default defineConfig({
  test: {
    include: ['tests/server/multi-instance.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
