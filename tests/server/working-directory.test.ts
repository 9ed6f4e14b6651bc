import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { scriptUrlsInHtml } from '../e2e/scripts';
import { get } from './http';
import { BUILT, startServer, stopServer, TMP, type RunningServer } from './process';

let running: RunningServer | undefined;
const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-cwd-'));

afterAll(async () => {
  await stopServer(running);
  fs.rmSync(elsewhere, { recursive: true, force: true });
});

/**
 * An operator may start `node /opt/sahakorn/server.js` from any folder (a service unit without
 * WorkingDirectory): the build finds its stylesheet and scripts beside server.js, not in the
 * working directory.
 */
describe.skipIf(!BUILT)('server.js started from another working directory', () => {
  it('still inlines the public stylesheet and versions its scripts', async () => {
    fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
    running = await startServer({ SEED_DEMO: '1' }, elsewhere);

    const home = await get('/home');
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/<style data-stylesheet="app">[^<]*\.site-header/);
    expect(home.body).not.toMatch(/<link rel="stylesheet"/);
    // Loaded through the inline loader the CSP allows by its hash (ADR 034).
    const script = scriptUrlsInHtml(home.body).find((url) => /^\/build\/client\/enhance-[0-9A-Z]{8}\.js$/.test(url));
    expect(script, 'the enhancement script has its content hash in its name (ADR 103)').toBeDefined();

    const enhance = await get(script ?? '');
    expect(enhance.status).toBe(200);
    expect(enhance.headers['cache-control']).toContain('immutable');
  });
});
