import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { NODE, TMP } from './process';

// The bundles live inside the repository so that their imports resolve from its node_modules, as
// build/cli/*.js resolve from /app/node_modules in the image.
const OUT = path.join(TMP, 'cli');
const DATA = path.join(TMP, 'cli-data');
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

function run(file: string, args: string[] = [], env: Record<string, string> = {}) {
  const result = spawnSync(NODE, [file, ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: DATA,
      SESSION_SECRET: 'cli-test-session-secret-not-for-production',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(DATA, { recursive: true, force: true });
  const built = run('scripts/build-cli.mjs', ['--outdir', OUT, '--metafile', path.join(OUT, 'meta.json')]);
  expect(built.code, built.err).toBe(0);
});

describe('bundled CLIs (npm run build:cli, for the production image)', () => {
  it('import nothing but Node built-ins and production dependencies (the image prunes the rest)', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(OUT, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const outputs = Object.keys(meta.outputs).map((file) => path.basename(file));
    expect(outputs.sort()).toEqual(['impersonate.js', 'import.js', 'migrate.js', 'publish.js', 'seed.js', 'staff.js']);
    const builtins = new Set(builtinModules);
    for (const [file, { imports }] of Object.entries(meta.outputs)) {
      for (const { path: specifier, external } of imports) {
        if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : (specifier.split('/')[0] ?? '');
        expect(packageJson.dependencies, `${file} imports ${specifier}`).toHaveProperty([name]);
      }
    }
  });

  it('migrate, seed, import and impersonate run on plain Node without tsx', () => {
    const first = run(path.join(OUT, 'migrate.js'));
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/^Applied: 0001-foundation, .*0007-search-index/);
    expect(run(path.join(OUT, 'migrate.js')).out).toBe('Database is up to date.\n');

    // In production the demo cooperative (its password is published) only when asked for.
    const refused = run(path.join(OUT, 'seed.js'), [], { SEED_MEMBERS: '3' });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('SEED_DEMO=1');
    const seeded = run(path.join(OUT, 'seed.js'), [], { SEED_MEMBERS: '3', SEED_DEMO: '1' });
    expect(seeded.code, seeded.err).toBe(0);
    expect(seeded.out).toContain('Seeded 3 demo members.');

    const imported = run(path.join(OUT, 'import.js'), ['docs/import-example']);
    expect(imported.code, imported.err + imported.out).toBe(0);

    const usage = run(path.join(OUT, 'impersonate.js'));
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage:');
    const link = run(path.join(OUT, 'impersonate.js'), ['012345', '--staff', 'ทดสอบ'], {
      IMPERSONATION_SECRET: 'cli-test-impersonation-secret-not-for-production',
      PUBLIC_URL: 'https://coop.example',
    });
    expect(link.code, link.err).toBe(0);
    expect(link.out).toMatch(/^https:\/\/coop\.example\/member\/impersonate\?t=\S+\n$/);

    const publishUsage = run(path.join(OUT, 'publish.js'));
    expect(publishUsage.code).toBe(2);
    expect(publishUsage.err).toContain('Usage: npm run publish -- <content No>');
    const missing = run(path.join(OUT, 'publish.js'), ['999999']);
    expect(missing.code, missing.err).toBe(1);
    expect(missing.err).toContain('No content item 999999.');
  });
});
