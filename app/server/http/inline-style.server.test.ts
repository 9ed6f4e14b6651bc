import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { readInlineStyle, styleHashSource } from './inline-style.server';
import { contentSecurityPolicy } from './security.server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-inline-style-'));
fs.mkdirSync(path.join(root, 'build', '_assets'), { recursive: true });
const css = 'body{color:#111}\n.a::before{content:"ก"}\n';
fs.writeFileSync(path.join(root, 'build', '_assets', 'app-X.css'), css);
fs.writeFileSync(path.join(root, 'build', '_assets', 'bad.css'), 'a{}</STYLE><script>alert(1)</script>');
fs.writeFileSync(path.join(root, 'secret.css'), 'a{}');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the stylesheet written into public pages', () => {
  it('is the built file with the CSP source of its SHA-256 (UTF-8, base64)', () => {
    const style = readInlineStyle('/build/_assets/app-X.css', root);
    const digest = createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64');
    expect(style).toEqual({ css, source: `'sha256-${digest}'` });
    expect(styleHashSource(css)).toBe(`'sha256-${digest}'`);
  });

  it('is refused when it is missing, outside the build folder, or would close its <style>', () => {
    expect(readInlineStyle('/build/_assets/missing.css', root)).toBeNull();
    expect(readInlineStyle('/secret.css', root)).toBeNull();
    expect(readInlineStyle('/build/../secret.css', root)).toBeNull();
    expect(readInlineStyle('/build/_assets/bad.css', root)).toBeNull();
  });

  it('is allowed by the CSP by the hashes of the inline stylesheets; other inline styles only with the nonce, never unsafe-inline', () => {
    const policy = contentSecurityPolicy('N0nce', null, ["'sha256-abc='", "'sha256-def='"]);
    const directive = (name: string) =>
      policy
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('style-src')).toEqual(["'self'", "'sha256-abc='", "'sha256-def='", "'nonce-N0nce'"]);
    expect(directive('script-src')).toEqual(["'nonce-N0nce'", "'strict-dynamic'", "'self'"]);
    expect(policy).not.toContain('unsafe-inline');
    expect(contentSecurityPolicy('N0nce').split('; ')).toContain("style-src 'self' 'nonce-N0nce'");
  });
});
