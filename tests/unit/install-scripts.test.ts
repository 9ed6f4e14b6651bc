// Which dependencies may run code at install time is decided in package.json's `allowScripts` (ADR 087):
// every installed package with an install script (npm's `hasInstallScript`, or a `binding.gyp`, for
// which npm runs `node-gyp rebuild`) is listed there, and nothing else is.
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const pkg = read('package.json') as { allowScripts?: Record<string, boolean> };
const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };

/** Names of the installed packages that have an install script, from the lockfile and node_modules. */
function packagesWithInstallScripts() {
  const names = new Set<string>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (entry.hasInstallScript || fs.existsSync(path.join(where, 'binding.gyp'))) names.add(name);
  }
  return names;
}

describe('install scripts of dependencies', () => {
  const allowed = pkg.allowScripts ?? {};
  const withScripts = packagesWithInstallScripts();

  it('has an allowScripts entry for every installed package with an install script', () => {
    expect([...withScripts].filter((name) => !(name in allowed))).toEqual([]);
  });

  it('lists no package that is not installed with an install script', () => {
    expect(Object.keys(allowed).filter((name) => !withScripts.has(name))).toEqual([]);
  });
});
