import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

/**
 * Tests that start `server.js` or run the bundled CLIs as child processes (ADR 016). They need the
 * production build, so `npm test` runs them after `npm run build`: `vitest run -c vitest.server.config.ts`.
 */
export default defineConfig({
  // The vendor-API test (ADR 019) uses the app's modules (the http adapter, the embedded backend).
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['tests/server/**/*.test.ts'],
    // Needs PostgreSQL and nginx: its own stage (vitest.multi.config.ts).
    exclude: ['tests/server/multi-instance.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One server port: the files run one after another.
    fileParallelism: false,
    // A cold start of the server on a busy 2-core machine can take many seconds.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
