import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

// ADR 030: every size of text comes from one scale, so a page asks the system for few fonts.
// Both stylesheets (ADR 032): the member pages use the two together.
const css = ['app/styles/app.css', 'app/styles/member.css'].map((f) => fs.readFileSync(f, 'utf8')).join('\n');

describe('the type scale of app.css and member.css', () => {
  it('gives text only the scale’s sizes, and a few named exceptions', () => {
    const scale = new Set(['var(--text-small)', '1rem', 'var(--text-large)', '1.25rem', '1.6rem']);
    const exceptions = new Map([
      ['4rem', '.status-page__code'], // the 404/500 figure
      ['12px', '.chart__svg text'], // SVG user units, scaled with the chart
      ['11pt', 'body'], // print
    ]);
    const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
    const offScale: string[] = [];
    for (const [, selector, body] of rules) {
      for (const [, size] of body!.matchAll(/font-size:\s*([^;]+);/g)) {
        const where = selector!.trim().split('\n').pop()!.trim();
        if (scale.has(size!)) continue;
        if (exceptions.get(size!) === where) continue;
        offScale.push(`${where}: ${size}`);
      }
    }
    expect(offScale).toEqual([]);
    expect(css).toMatch(/--text-small:\s*0\.9rem;/);
    expect(css).toMatch(/--text-large:\s*1\.1rem;/);
  });
});
