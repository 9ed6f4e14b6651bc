// Every check, in order: typecheck, lint, unit tests, production build, server-process tests (server.js
// and the bundled CLIs, which need the build), e2e (js and nojs projects).
// Ends with one line `N passed, N failed` summing all suites (each gate counts as one check).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = [];
fs.mkdirSync('test-results', { recursive: true });

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

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(path)) return true;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian chromium (apt-get) for the e2e suite…');
    return (
      run('apt-get update', 'apt-get', ['update', '-q']) &&
      run('install chromium', 'apt-get', ['install', '-y', '-q', 'chromium'])
    );
  }
  console.error(`Chromium not found at ${path}. Install Debian's package: sudo apt-get install -y chromium`);
  return false;
}

gate('typecheck', 'npx', ['tsc']);
gate('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);

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
  results.push(
    result
      ? { name, passed: result.numPassedTests, failed: result.numFailedTests + (ok || result.numFailedTests ? 0 : 1) }
      : { name, passed: 0, failed: 1 },
  );
}

vitestSuite('unit', []);

const built = gate('build', 'npx', ['remix', 'build']);

// server.js as a child process (graceful shutdown, request logs) and the bundled CLIs: they need the build.
if (built) vitestSuite('server', ['-c', 'vitest.server.config.ts']);
else results.push({ name: 'server', passed: 0, failed: 1 });

if (built && ensureChromium()) {
  fs.rmSync('test-results/e2e.json', { force: true });
  const e2eOk = run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json',
  });
  const e2e = readJson('test-results/e2e.json');
  if (e2e?.stats) {
    const failed = e2e.stats.unexpected + e2e.stats.flaky;
    results.push({ name: 'e2e', passed: e2e.stats.expected, failed: failed + (e2eOk || failed ? 0 : 1) });
  } else {
    results.push({ name: 'e2e', passed: 0, failed: 1 });
  }
} else {
  results.push({ name: 'e2e', passed: 0, failed: 1 });
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
