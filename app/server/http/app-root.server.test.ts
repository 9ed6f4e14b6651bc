import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { appPath, clientScriptSrc, fileVersion, setAppRoot } from './app-root.server';

describe('the app folder and file versions', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'app-root-'));
  afterEach(() => setAppRoot(process.cwd()));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('resolves paths inside the folder server.js names, not the working directory', () => {
    setAppRoot(scratch);
    expect(appPath('public', 'favicon.svg')).toBe(path.join(scratch, 'public', 'favicon.svg'));
  });

  it('versions a file by its content and has no version for a missing file', () => {
    const file = path.join(scratch, 'a.js');
    fs.writeFileSync(file, 'one');
    const first = fileVersion(file);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    fs.writeFileSync(file, 'two');
    expect(fileVersion(file), 'read once: a running server keeps its version').toBe(first);
    setAppRoot(scratch); // a new root forgets the versions read so far
    expect(fileVersion(file)).not.toBe(first);
    expect(fileVersion(path.join(scratch, 'missing.js'))).toBeNull();
  });

  it('links a bundle by the manifest read once, and by a name that is no file without a client build', () => {
    setAppRoot(scratch);
    expect(clientScriptSrc('member')).toBe('/build/client/member.js');
    const dir = path.join(scratch, 'public', 'build', 'client');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '.manifest.json'), JSON.stringify({ member: '/build/client/member-ABC.js' }));
    expect(clientScriptSrc('member'), 'read once: a running server keeps its manifest').toBe('/build/client/member.js');
    setAppRoot(scratch);
    expect(clientScriptSrc('member')).toBe('/build/client/member-ABC.js');
    expect(clientScriptSrc('enhance')).toBe('/build/client/enhance.js');
  });
});
