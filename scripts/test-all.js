// Every check, in order: typecheck, lint, unit tests, production build, server-process tests (server.js
// and the bundled CLIs, which need the build), e2e (js and nojs projects).
// With TEST_DATABASE_URL (a PostgreSQL database whose role may create databases; `.ci/run` makes one)
// the unit tests' PostgreSQL variants run too, and two more stages follow (ADR 017): the e2e tests
// tagged @pg against a fresh PostgreSQL database, and two instances behind nginx (when installed).
// Ends with one line `N passed, N failed` summing all suites (each gate counts as one check).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

import { findNginx, freshDatabase } from './instances.mjs';
import { ensureThaiFont } from './thai-font.mjs';

const results = [];
/** What failed, with the first lines of each error: printed again just before the summary. */
const failures = [];
fs.mkdirSync('test-results', { recursive: true });
// The e2e stages share the pages axe found clean (tests/e2e/fixtures.ts); every run starts afresh.
fs.rmSync('tests/.tmp/axe-clean', { recursive: true, force: true });

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return status === 0;
}

function gate(name, command, args) {
  const ok = run(name, command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Debian's headless shell runs the e2e suite (ADR 027) and the full browser the notification spec;
 * as root on Debian, apt-get installs whichever is missing. Either one is enough to run the suite.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return true;
    console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
    return false;
  }
  const browsers = { 'chromium-headless-shell': '/usr/bin/chromium-headless-shell', chromium: '/usr/bin/chromium' };
  const missing = Object.keys(browsers).filter((name) => !fs.existsSync(browsers[name]));
  if (missing.length && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian ${missing.join(' and ')} (apt-get) for the e2e suite…`);
    if (run('apt-get update', 'apt-get', ['update', '-q'])) {
      run('install chromium', 'apt-get', ['install', '-y', '-q', ...missing]);
    }
  }
  const present = Object.values(browsers).filter((file) => fs.existsSync(file));
  if (present.length === 2) return true;
  if (present.length === 1) {
    console.warn(`Only ${present[0]} is installed: the suite runs in it (the other Chromium package is missing).`);
    return true;
  }
  console.error(
    "Chromium not found. Install Debian's packages: sudo apt-get install -y chromium-headless-shell chromium",
  );
  return false;
}

gate('typecheck', 'npx', ['tsc']);
// eslint, then stylelint (package.json's `lint`).
gate('lint', 'npm', ['run', 'lint']);

/** Runs a vitest suite with a JSON report and records its test counts (a crash counts as a failure). */
function vitestSuite(name, args) {
  const report = `test-results/${name}.json`;
  fs.rmSync(report, { force: true });
  const ok = run(name, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const result = readJson(report);
  for (const file of result?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push({ suite: name, title: test.fullName, error: test.failureMessages?.[0] });
    }
  }
  results.push(
    result
      ? { name, passed: result.numPassedTests, failed: result.numFailedTests + (ok || result.numFailedTests ? 0 : 1) }
      : { name, passed: 0, failed: 1 },
  );
}

vitestSuite('unit', []);

const built = gate('build', 'npm', ['run', 'build']);

// server.js as a child process (graceful shutdown, request logs) and the bundled CLIs: they need the build.
if (built) vitestSuite('server', ['-c', 'vitest.server.config.ts']);
else results.push({ name: 'server', passed: 0, failed: 1 });

/** Runs Playwright with a JSON report and records its counts (a crash counts as a failure). */
function playwrightSuite(name, args, env = {}) {
  const report = `test-results/${name}.json`;
  fs.rmSync(report, { force: true });
  const ok = run(name, 'npx', ['playwright', 'test', ...args, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    ...env,
  });
  const result = readJson(report);
  collectPlaywrightFailures(name, result?.suites ?? []);
  if (result?.stats) {
    const failed = result.stats.unexpected + result.stats.flaky;
    results.push({ name, passed: result.stats.expected, failed: failed + (ok || failed ? 0 : 1) });
  } else {
    results.push({ name, passed: 0, failed: 1 });
  }
}

/** Tests of a Playwright JSON report that failed in some run (flaky ones included), with their error. */
function collectPlaywrightFailures(name, suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failed = test.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        failures.push({
          suite: name,
          title: `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}${test.status === 'flaky' ? ' (flaky)' : ''}`,
          error: failed?.error?.message ?? failed?.status,
        });
      }
    }
    collectPlaywrightFailures(name, suite.suites ?? []);
  }
}

const browser = built && ensureChromium();
if (browser) ensureThaiFont('the e2e suite');
if (browser) playwrightSuite('e2e', []);
else results.push({ name: 'e2e', passed: 0, failed: 1 });

// The same suite with the site in http mode in front of a second server in embedded mode
// (ADR 024). What differs between the modes is on the server, so CI runs it with scripts on only, to
// stay within its time budget; `npm run test:e2e:http` runs both projects.
if (browser) {
  playwrightSuite('e2e-http', ['--project', 'js'], {
    E2E_BACKEND: 'http',
    E2E_PORT: process.env.E2E_HTTP_PORT ?? String(Number(process.env.E2E_PORT ?? 3100) + 2),
    E2E_DATA_DIR: 'tests/.tmp/e2e-http-data',
  });
} else {
  results.push({ name: 'e2e-http', passed: 0, failed: 1 });
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  // The smoke on PostgreSQL: login, a statement, a board post, rate limiting (tests tagged @pg), both
  // projects, on a database made empty for it, with its own port and data folder.
  let databaseUrl;
  try {
    databaseUrl = await freshDatabase(pgUrl, 'e2e');
  } catch (error) {
    console.error(`e2e-pg: cannot make a fresh database next to TEST_DATABASE_URL: ${error.message}`);
  }
  if (browser && databaseUrl) {
    playwrightSuite('e2e-pg', ['--grep', '@pg'], {
      DATABASE_URL: databaseUrl,
      E2E_PORT: process.env.E2E_PG_PORT ?? String(Number(process.env.E2E_PORT ?? 3100) + 1),
      E2E_DATA_DIR: 'tests/.tmp/e2e-pg-data',
    });
  } else {
    results.push({ name: 'e2e-pg', passed: 0, failed: 1 });
  }

  if (!built) results.push({ name: 'multi', passed: 0, failed: 1 });
  else if (findNginx()) vitestSuite('multi', ['-c', 'vitest.multi.config.ts']);
  else console.log('\n=== multi: skipped — nginx is not installed (apt-get install nginx-light; .ci/run does)');
} else {
  console.log('\n=== PostgreSQL stages skipped — TEST_DATABASE_URL is not set (.ci/run sets it)');
}

if (failures.length) {
  // The first lines of each failure, here again so that the end of a long log says what failed.
  console.log(`\nFailures (${failures.length}):`);
  const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  for (const failure of failures.slice(0, 20)) {
    console.log(`  ${failure.suite}: ${failure.title}`);
    for (const line of plain(failure.error)
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 6)) {
      console.log(`      ${line.slice(0, 200)}`);
    }
  }
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
