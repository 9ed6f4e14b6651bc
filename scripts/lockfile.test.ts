import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

describe('package-lock.json', () => {
  it('lists every optional dependency, so `npm ci` accepts it (ADR 007)', () => {
    const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [where, meta] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
        const nested = where ? `${where}/node_modules/${dep}` : `node_modules/${dep}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`]) missing.push(`${where} → ${dep}`);
      }
    }
    expect(missing, 'run `node scripts/lockfile-platform-stubs.mjs`').toEqual([]);
  });
});
