// Every check, in order: typecheck, lint, unit tests, production build, e2e (js and nojs projects).
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

fs.rmSync('test-results/unit.json', { force: true });
const unitOk = run('unit', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit.json',
]);
const unit = readJson('test-results/unit.json');
results.push(
  unit
    ? {
        name: 'unit',
        passed: unit.numPassedTests,
        failed: unit.numFailedTests + (unitOk || unit.numFailedTests ? 0 : 1),
      }
    : { name: 'unit', passed: 0, failed: 1 },
);

const built = gate('build', 'npx', ['remix', 'build']);

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
