import fs from 'node:fs';
import path from 'node:path';

/**
 * The vendor client's contract, one fixture per endpoint (`tests/vendor-client/*.json`): an answer in
 * the vendor's shape holding every key the vendor's client reads — exact case, JSON type — written
 * from the vendor's controllers and screens (docs/vendor-api.md). `body` is the answer with data;
 * `empty` the answer with nothing in it (keys PHP leaves out are absent); `refused` a refusal.
 */
export interface VendorFixture {
  endpoint: string;
  screen: string;
  body: unknown;
  empty?: unknown;
  refused?: unknown;
}

const DIR = path.dirname(new URL(import.meta.url).pathname);

export const FIXTURE_NAMES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

export function fixture(name: string): VendorFixture {
  return JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as VendorFixture;
}

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Where `actual` does not have the fixture's shape: a key of the fixture missing (exact case), or a
 * value of another JSON type. A string in the fixture also accepts null (an SQL column may be NULL);
 * a null in the fixture accepts a string, a number or null. Every element of an array is checked
 * against the fixture's first. Keys the fixture does not name are allowed (our additive keys).
 */
export function shapeMismatches(expected: unknown, actual: unknown, at = '$'): string[] {
  const want = jsonType(expected);
  const got = jsonType(actual);
  if (want === 'null')
    return ['null', 'string', 'number'].includes(got) ? [] : [`${at}: ${got} where the vendor sends null`];
  if (want === 'string' && got === 'null') return [];
  if (want !== got) return [`${at}: ${got} where the vendor sends ${want}`];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (!expected.length) return [];
    return actual.flatMap((item, i) => shapeMismatches(expected[0], item, `${at}[${i}]`));
  }
  if (want === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    return Object.keys(e).flatMap((key) =>
      key in a ? shapeMismatches(e[key], a[key], `${at}.${key}`) : [`${at}.${key}: missing`],
    );
  }
  return [];
}
