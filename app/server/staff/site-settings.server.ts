import { site } from '~/config/site';

import type { Db } from '../db/index.server';
import { onPublicContentChanged } from '../content/public-content.server';

/**
 * Settings of the public site that editors change (ADR 061), in `site_settings`. Today one: the
 * opening-hours line of the header's marquee and the footer. Without a stored value (a new store,
 * or http mode, where the store holds no content) the line of `app/config/site.ts` is shown.
 */

export const OPENING_HOURS_KEY = 'opening_hours';
export const OPENING_HOURS_MAX = 300;

export async function getOpeningHours(db: Db): Promise<{ text: string; stored: boolean }> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', OPENING_HOURS_KEY)
    .executeTakeFirst();
  return row ? { text: row.value, stored: true } : { text: site.openingHours, stored: false };
}

/** Store the line (whitespace collapsed); an empty one goes back to the configured line. */
export async function setOpeningHours(db: Db, text: string, now = Date.now()): Promise<void> {
  const value = text.replace(/\s+/g, ' ').trim();
  if (!value) {
    await db.deleteFrom('site_settings').where('key', '=', OPENING_HOURS_KEY).execute();
    return;
  }
  await db
    .insertInto('site_settings')
    .values({ key: OPENING_HOURS_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

let kept: { expires: number; value: Promise<string> } | null = null;
let listening = false;

/**
 * The line for every public page, kept in memory for `ttlMs` (the feed cache's lifetime) and
 * forgotten at once when staff change public content on this instance. A failed read shows the
 * configured line rather than failing the page.
 */
export function openingHoursLine(db: Db, ttlMs: number, now = Date.now()): Promise<string> {
  if (!listening) {
    listening = true;
    onPublicContentChanged((change) => {
      if (change.scope === 'all') kept = null;
    });
  }
  if (kept && kept.expires > now) return kept.value;
  const value = getOpeningHours(db).then(
    (answer) => answer.text,
    () => {
      kept = null;
      return site.openingHours;
    },
  );
  kept = { expires: now + ttlMs, value };
  return value;
}
