import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  PALETTE,
  TEXT_PAIRS,
  colourHex,
  contrastRatio,
  formatRatio,
  parseHex,
  relativeLuminance,
  wcagLevel,
} from './palette';
import { TOPIC_BACKGROUNDS, topicClass } from './topics';

const css = fs.readFileSync('app/styles/app.css', 'utf8');

describe('contrast maths (WCAG 2.x)', () => {
  it('parses hex colours', () => {
    expect(parseHex('#0b5d3b')).toEqual([11, 93, 59]);
    expect(parseHex('#FFF')).toEqual([255, 255, 255]);
    expect(() => parseHex('green')).toThrow(RangeError);
    expect(() => parseHex('#12345')).toThrow(RangeError);
  });

  it('computes relative luminance', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    // sRGB 0.5 grey (#808080) is 0.2159 in linear light.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    // Below the 0.04045 knee the curve is linear: 10/255 / 12.92.
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 10);
    // Green weighs most, blue least.
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
  });

  it('computes contrast ratios, symmetric, from 1 to 21', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#0b5d3b', '#0b5d3b')).toBe(1);
    // Well-known reference values.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('grades pairs without rounding up into a pass', () => {
    expect(wcagLevel(21)).toBe('AAA');
    expect(wcagLevel(7)).toBe('AAA');
    expect(wcagLevel(6.999)).toBe('AA');
    expect(wcagLevel(4.5)).toBe('AA');
    expect(wcagLevel(contrastRatio('#777777', '#ffffff'))).toBe('AA-large');
    expect(wcagLevel(4.499)).toBe('AA-large');
    expect(wcagLevel(3)).toBe('AA-large');
    expect(wcagLevel(2.99)).toBe('fail');
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('the palette', () => {
  const rootBlock = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  const cssColours = new Map(
    [...rootBlock.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{3,6})\s*;/gi)].map((m) => [m[1], m[2]?.toLowerCase()]),
  );

  it('lists exactly the colour custom properties of app.css', () => {
    expect(cssColours.size).toBeGreaterThan(10);
    expect(new Map(PALETTE.map((c) => [c.token, c.hex]))).toEqual(cssColours);
  });

  it('has a swatch class for every colour and a text class for every text colour of a pair', () => {
    for (const c of PALETTE) expect(css, c.token).toContain(`.swatch--${c.token} {\n  background: var(--${c.token});`);
    for (const fg of new Set(TEXT_PAIRS.map((p) => p.fg))) {
      expect(css, fg).toContain(`.text--${fg} {\n  color: var(--${fg});`);
    }
  });

  it('uses only text colour pairs that pass WCAG AA', () => {
    for (const pair of TEXT_PAIRS) {
      const ratio = contrastRatio(colourHex(pair.fg), colourHex(pair.bg));
      expect(ratio, `${pair.fg} on ${pair.bg}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(() => colourHex('no-such-colour')).toThrow(RangeError);
  });
});

describe('topic backgrounds (spec §2)', () => {
  it('covers the categories the spec gives their own background', () => {
    expect([...TOPIC_BACKGROUNDS].sort()).toEqual(
      [
        'news',
        'club',
        'order',
        'rules',
        'overall_operation',
        'coop_investment',
        'coop_order',
        'coop_act',
        'welfare',
        'notice',
        'activity-gallary',
        'video',
        'bussiness_report',
        'bussiness_report_monthy',
        'download',
      ].sort(),
    );
  });

  it('has a CSS rule per background, each different', () => {
    const rules = TOPIC_BACKGROUNDS.map((key) => {
      const rule = new RegExp(`\\.topic--${key.replace(/[-_]/g, '\\$&')} \\{([^}]*)\\}`).exec(css)?.[1];
      expect(rule, key).toBeDefined();
      return rule?.replace(/\s+/g, ' ');
    });
    expect(new Set(rules).size).toBe(rules.length);
  });

  it('maps a key to its class and anything else to the plain background', () => {
    expect(topicClass('news')).toBe('topic topic--news');
    expect(topicClass('activity-gallary')).toBe('topic topic--activity-gallary');
    expect(topicClass(null)).toBe('topic topic--plain');
    expect(topicClass('x" onclick="alert(1)')).toBe('topic topic--plain');
  });
});
