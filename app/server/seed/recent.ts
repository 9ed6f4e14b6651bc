/**
 * Demo dates that keep their Bangkok day. An item meant to be "3 hours ago" is still today when the
 * store is seeded at 00:05, and "yesterday at 21:00" stays yesterday: the part of the age below whole
 * days shrinks in the first hours after midnight, in proportion, so the order of the items holds.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Thailand keeps UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET = 7 * HOUR;
/** The largest within-day age the demo uses (fixed ages plus jitter) fits in these first hours. */
const SHRINK_BEFORE = 8 * HOUR;

/** `nowMs - agoMs`, moved so it falls on the Bangkok day `floor(agoMs / DAY)` days before `nowMs`. */
export function onBangkokDay(nowMs: number, agoMs: number): number {
  const sinceMidnight = (((nowMs + BANGKOK_OFFSET) % DAY) + DAY) % DAY;
  const scale = Math.min(1, sinceMidnight / SHRINK_BEFORE);
  const days = Math.floor(agoMs / DAY);
  return Math.round(nowMs - days * DAY - (agoMs - days * DAY) * scale);
}
