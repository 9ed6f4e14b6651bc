// The npm registry reachable from our machines lacks some platform-specific optional packages (e.g.
// @rollup/rollup-darwin-x64). `npm install` then leaves them out of package-lock.json and `npm ci`
// refuses the lockfile as out of sync. This adds an entry for each missing optional dependency with
// its os/cpu/libc, so npm ci skips it on other platforms exactly as it would with a full lockfile
// (ADR 007). Run after any `npm install`: `node scripts/lockfile-platform-stubs.mjs`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

/** os / cpu / libc from a platform package name such as `rollup-linux-arm64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = [
    'android',
    'darwin',
    'freebsd',
    'linux',
    'openbsd',
    'openharmony',
    'win32',
    'sunos',
    'netbsd',
    'aix',
  ].find((o) => parts.includes(o));
  const cpu = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x'].find(
    (c) => parts.includes(c) || parts.some((p) => p.startsWith(c) && c !== 'arm'),
  );
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : os === 'linux' && parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [where, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = where ? `${where}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[base] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a platform package: leave it to npm
    packages[hoisted] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lockfile: ${added} platform stub(s) added`);
