// scripts/precompress.mjs (ADR 106): brotli and gzip copies of the static text files beside them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { MIN_BYTES, precompress } from '../../scripts/precompress.mjs';

function folder(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-precompress-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const script = 'export const x = "สหกรณ์ออมทรัพย์";\n'.repeat(200);

describe('precompress', () => {
  it('writes brotli and gzip copies of text files that decompress to the file, and none of small or binary ones', () => {
    const dir = folder({
      'build/entry-ABC.js': script,
      'build/app-XYZ.css': 'body{color:#222}\n'.repeat(100),
      'robots.txt': 'User-agent: *\n',
      'images/photo.jpg': Buffer.alloc(4096, 7),
    });
    expect(precompress(dir)).toEqual({ compressed: 2, removed: 0 });
    const js = path.join(dir, 'build/entry-ABC.js');
    expect(brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(fs.statSync(`${js}.gz`).size);
    expect(fs.existsSync(path.join(dir, 'robots.txt.br'))).toBe(false);
    expect(fs.statSync(path.join(dir, 'robots.txt')).size).toBeLessThan(MIN_BYTES);
    expect(fs.existsSync(path.join(dir, 'images/photo.jpg.br'))).toBe(false);
  });

  it('leaves current copies alone, compresses a changed file again, and removes the copies of a file that is gone', () => {
    const dir = folder({ 'a.js': script, 'b.js': script });
    precompress(dir);
    expect(precompress(dir)).toEqual({ compressed: 0, removed: 0 });
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(path.join(dir, 'a.js'), `${script}// changed\n`);
    fs.utimesSync(path.join(dir, 'a.js'), later, later);
    fs.rmSync(path.join(dir, 'b.js'));
    expect(precompress(dir)).toEqual({ compressed: 1, removed: 2 });
    expect(gunzipSync(fs.readFileSync(path.join(dir, 'a.js.gz'))).toString()).toContain('// changed');
  });
});
