import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { enhanceScriptFile, enhanceScriptSrc } from './enhance.server';

describe('the enhancement script of the public pages', () => {
  const source = fs.readFileSync(enhanceScriptFile());

  it('stays within 10 KB gzipped (the issue’s budget)', () => {
    expect(gzipSync(source, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('is linked with a version taken from its content', () => {
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
    expect(enhanceScriptSrc()).toBe(`/enhance.js?v=${hash}`);
  });

  it('carries no Thai text of its own (the words come from the markup)', () => {
    expect(source.toString('utf8')).not.toMatch(/[\u0e00-\u0e7f]/);
  });
});
