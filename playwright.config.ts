import fs from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

/** The e2e server: a fresh store in tests/.tmp, demo data, and the crash test route. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The store the tests read and write (the embedded server's; in http mode the core's). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'tests/.tmp/e2e-data';
/**
 * `E2E_BACKEND=http` runs the same suite against a server in http mode whose core system is a second
 * server in embedded mode (issue 5): the tests talk to the first; the data lives in the second.
 */
export const E2E_HTTP_MODE = process.env.E2E_BACKEND === 'http';
const CORE_PORT = E2E_PORT + 50;
/** The store of the server the browser talks to: sessions, rate limits, the audit log. */
export const E2E_FRONT_DATA_DIR = E2E_HTTP_MODE ? `${E2E_DATA_DIR}-front` : E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/** Turns staff impersonation on in the e2e server; the spec signs its links with it (ADR 010). */
export const E2E_IMPERSONATION_SECRET = 'e2e-impersonation-secret-not-for-production-0001';
/** The http-mode front's session secret (the embedded server keeps its own in the data folder). */
export const E2E_FRONT_SESSION_SECRET = 'e2e-front-session-secret-not-for-production-0001';

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium without the browser's
 * UI layers) when installed: the suite takes about a third less CPU than with the full browser
 * (ADR 027). CHROMIUM_PATH picks another build.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';

/**
 * The full browser, for what the headless shell does not do as a browser does: it reports
 * `Notification.permission` as 'denied' whatever was granted (notifications.spec.ts).
 */
export const FULL_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : CHROMIUM_PATH);

export const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Tests tagged `@embedded` change what the embedded store serves itself (content, the board, members,
  // the vendor API, online registration); in http mode that belongs to the core, so they are left out.
  grepInvert: E2E_HTTP_MODE ? /@embedded/ : undefined,
  retries: 0,
  workers: 2,
  // Generous: axe on every page is heavy on our 2-core machines when both workers run it at once
  // (a public page checked without scripts loads again in a helper page first).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    // Tracing doubles the cost of every axe check (it snapshots each evaluation): off unless asked
    // for with E2E_TRACE=1 when a failure needs one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    { name: 'js', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'nojs', use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: E2E_HTTP_MODE
    ? [
        server({ port: CORE_PORT, dataDir: E2E_DATA_DIR, env: { SEED_DEMO: '1', SEED_MEMBERS: '200' } }),
        server({
          port: E2E_PORT,
          dataDir: E2E_FRONT_DATA_DIR,
          env: {
            COOP_BACKEND: 'http',
            COOP_API_URL: `http://127.0.0.1:${CORE_PORT}/`,
            // The core is a Sahakorn: it serves its own endpoints for what the contract leaves open (ADR 025).
            COOP_EXTENSIONS: 'welfare,kepcrem,demand,terms,impersonate',
            SEED_DEMO: '0',
            SESSION_SECRET: E2E_FRONT_SESSION_SECRET,
          },
        }),
      ]
    : server({
        port: E2E_PORT,
        dataDir: E2E_DATA_DIR,
        env: {
          SEED_DEMO: '1',
          SEED_MEMBERS: '200',
          // The board's block list is tested with visitors a proxy names (X-Forwarded-For, ADR 062).
          TRUST_PROXY: '1',
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
      }),
});

/** One `server.js` on a fresh data folder, with the settings every e2e server shares. */
function server({ port, dataDir, env }: { port: number; dataDir: string; env: Record<string, string> }) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: `rm -rf ${dataDir} && node server.js`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ENABLE_TEST_ROUTES: '1',
      // One process: a test that changes something and reads it back must not depend on which worker
      // answers (several workers have their own test, tests/server/cluster.test.ts).
      WEB_CONCURRENCY: '1',
      // Every test comes from 127.0.0.1 (in http mode every call to the core comes from the front);
      // the per-address limits have their own unit tests.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      IDENTITY_MAX_PER_ADDRESS: '100000',
      // Every board posting comes from 127.0.0.1 too; the board limit has its own unit test.
      BOARD_MAX_POSTS_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      IMPERSONATION_SECRET: E2E_IMPERSONATION_SECRET,
      PUBLIC_URL: url,
      ...env,
    },
  };
}
