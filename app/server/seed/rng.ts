/**
 * A small seeded pseudo-random number generator (mulberry32) for demo data. Not for secrets:
 * the point is that the same seed always gives the same sequence.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen with the given relative weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A moment uniformly between two instants (inclusive of `from`, exclusive of `to`). */
  dateBetween(from: Date, to: Date): Date;
  /** A new array with the elements in a shuffled order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: a 32-bit state generator, fast and good enough for test data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);

  const int = (min: number, max: number): number => {
    if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) {
      throw new RangeError(`rng.int: bad range [${min}, ${max}]`);
    }
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    return lo + Math.floor(next() * (hi - lo + 1));
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('rng.pick: empty array');
    return items[Math.floor(next() * items.length)] as T;
  };

  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
    if (entries.length === 0 || total <= 0) throw new RangeError('rng.weighted: no positive weight');
    let r = next() * total;
    for (const [value, w] of entries) {
      r -= Math.max(0, w);
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  };

  const chance = (p: number): boolean => next() < p;

  const dateBetween = (from: Date, to: Date): Date => {
    const a = from.getTime();
    const b = to.getTime();
    if (b < a) throw new RangeError('rng.dateBetween: `to` is before `from`');
    return new Date(a + Math.floor(next() * (b - a)));
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };

  return { next, int, pick, weighted, chance, dateBetween, shuffle };
}
