import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { setAppRoot } from './app-root.server';
import { enhanceScriptSrc, memberScriptSrc, staffScriptSrc } from './enhance.server';
import { pushPageConfig } from '../content/push.server';
import { parseEnv } from '../env.server';

import { buildClient } from '../../../scripts/build-client.mjs';

/** The client build of this tree, into a scratch app folder whose manifest the server reads. */
describe('the pages’ script bundles (ADR 103)', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  let manifest: Record<string, string>;
  const source = (name: string) => fs.readFileSync(path.join(scratch, 'public', manifest[name] ?? ''));

  beforeAll(async () => {
    manifest = (await buildClient(process.cwd(), scratch)) as Record<string, string>;
    // pusher-js is found from the app's folder (push.server.ts).
    fs.copyFileSync('package.json', path.join(scratch, 'package.json'));
    fs.symlinkSync(path.resolve('node_modules'), path.join(scratch, 'node_modules'));
    setAppRoot(scratch);
  });
  afterAll(() => {
    setAppRoot(process.cwd());
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('names each bundle by its content, and the server links the names of the manifest', () => {
    expect(manifest).toEqual({
      enhance: expect.stringMatching(/^\/build\/client\/enhance-[0-9A-Z]{8}\.js$/),
      member: expect.stringMatching(/^\/build\/client\/member-[0-9A-Z]{8}\.js$/),
      push: expect.stringMatching(/^\/build\/client\/push-[0-9A-Z]{8}\.js$/),
      staff: expect.stringMatching(/^\/build\/client\/staff-[0-9A-Z]{8}\.js$/),
    });
    expect(enhanceScriptSrc()).toBe(manifest.enhance);
    expect(memberScriptSrc()).toBe(manifest.member);
    expect(staffScriptSrc()).toBe(manifest.staff);
    const push = pushPageConfig(
      parseEnv({
        DATA_DIR: 'tests/.tmp/push-unit',
        SESSION_SECRET: 'x'.repeat(32),
        PUSHER_KEY: 'k',
        PUSHER_CLUSTER: 'ap1',
      }),
    );
    expect(push?.script).toBe(manifest.push);
  });

  it('keeps the manifest out of the served files (a dot file)', () => {
    expect(fs.readdirSync(path.join(scratch, 'public', 'build', 'client')).filter((f) => f.startsWith('.'))).toEqual([
      '.manifest.json',
    ]);
  });

  it('stays light: each bundle within 4 KiB gzipped, and without zod or date-fns', () => {
    for (const name of ['enhance', 'member', 'push', 'staff']) {
      const text = source(name);
      expect(gzipSync(text, { level: 9 }).length, name).toBeLessThanOrEqual(4 * 1024);
      expect(text.toString('utf8'), name).not.toMatch(/zod|ZodError|date-fns|formatDistance/);
    }
  });

  it('carries no Thai text of its own (the words come from the markup and the rules sent with it)', () => {
    for (const name of ['enhance', 'member', 'push', 'staff']) {
      expect(source(name).toString('utf8'), name).not.toMatch(/[\u0e00-\u0e7f]|\\u0e[0-7][0-9a-f]/i);
    }
  });

  it('reaches the oldest phones served: no syntax past ES2017 (no optional chaining, ?? or catch without a binding)', () => {
    for (const name of ['enhance', 'member', 'push', 'staff']) {
      const text = source(name).toString('utf8');
      expect(text, name).not.toMatch(/\?\.[\w([]|\?\?|catch\s*\{/);
    }
  });
});
