import { defineConfig, devices } from '@playwright/test';

/** The e2e server: a fresh store in tests/.tmp, demo data, and the crash test route. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'tests/.tmp/e2e-data';
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/** Turns staff impersonation on in the e2e server; the spec signs its links with it (ADR 010). */
export const E2E_IMPERSONATION_SECRET = 'e2e-impersonation-secret-not-for-production-0001';

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: '1',
      SEED_MEMBERS: '200',
      ENABLE_TEST_ROUTES: '1',
      // Every test comes from 127.0.0.1; the per-address limits have their own unit tests.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      IDENTITY_MAX_PER_ADDRESS: '100000',
      // Every board posting comes from 127.0.0.1 too; the board limit has its own unit test.
      BOARD_MAX_POSTS_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      IMPERSONATION_SECRET: E2E_IMPERSONATION_SECRET,
      PUBLIC_URL: baseURL,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
