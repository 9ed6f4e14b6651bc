import type { Cookie } from '@remix-run/node';

import { randomToken, sha256 } from '../crypto.server';
import type { Db } from '../db/index.server';
import { env } from '../env.server';
import { staffPathCookie } from './session.server';

/**
 * Server-side hand-offs of the back office (ADR 116): short-lived, size-bounded, bound to one staff
 * account, read once (taking one deletes it in the same statement). Nothing of them is ever in a URL.
 *
 * - A kept form: the text fields of a form posted after the staff session had ended, so that nothing
 *   an editor typed is lost; owned by a random id in a cookie of that browser (Path=/staff) and given
 *   back only to the account whose session had ended, on the page it was posted to.
 * - A result shown once: what a post produced that the page it redirects to shows a single time
 *   (a member's one-time code), owned by the staff session that made it.
 */
export type HandoffKind = 'form' | 'member_code';

/** How long a kept form waits for its editor to sign in again (password, code, perhaps finding the phone). */
export const KEPT_FORM_TTL_MS = 30 * 60_000;
/** A result shown once is read by the redirect that follows its post at once. */
export const SHOW_ONCE_TTL_MS = 2 * 60_000;
/** The most a hand-off's payload may hold (JSON), in bytes: the content form's fields fit (ADR 116). */
export const HANDOFF_MAX_BYTES = 512 * 1024;
/** At most this many fields of a form are kept, each name short and plain. */
const KEPT_FIELDS_MAX = 40;
const FIELD_NAME = /^[A-Za-z][\w-]{0,40}$/;

export async function putHandoff(
  db: Db,
  input: { ownerHash: string; kind: HandoffKind; path: string; staffId: number; payload: unknown; ttlMs: number },
  now = Date.now(),
): Promise<boolean> {
  const payload = JSON.stringify(input.payload);
  if (Buffer.byteLength(payload) > HANDOFF_MAX_BYTES) return false;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('staff_handoffs').where('expires_at', '<=', now).execute();
    await tx
      .deleteFrom('staff_handoffs')
      .where('owner_hash', '=', input.ownerHash)
      .where('kind', '=', input.kind)
      .where('path', '=', input.path)
      .execute();
    await tx
      .insertInto('staff_handoffs')
      .values({
        owner_hash: input.ownerHash,
        kind: input.kind,
        path: input.path,
        staff_id: input.staffId,
        payload,
        created_at: now,
        expires_at: now + input.ttlMs,
      })
      .execute();
  });
  return true;
}

/** Take (read and delete, in one statement) the hand-off for this owner, account and path; null if none. */
export async function takeHandoff(
  db: Db,
  input: { ownerHash: string; kind: HandoffKind; path: string; staffId: number },
  now = Date.now(),
): Promise<unknown> {
  const row = await db
    .deleteFrom('staff_handoffs')
    .where('owner_hash', '=', input.ownerHash)
    .where('kind', '=', input.kind)
    .where('path', '=', input.path)
    .where('staff_id', '=', input.staffId)
    .where('expires_at', '>', now)
    .returning('payload')
    .executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.payload) as unknown;
  } catch {
    return null;
  }
}

let keptCookie: Cookie | undefined;

/** The kept-form cookie: a random id, signed, HttpOnly, SameSite=Lax, Path=/staff, for as long as a kept form waits. */
export function keptFormCookie(): Cookie {
  keptCookie ??= staffPathCookie('sahakorn_staff_kept', {
    maxAge: KEPT_FORM_TTL_MS / 1000,
    secrets: [env().sessionSecret],
  });
  return keptCookie;
}

/** The hash of the browser's kept-form id (signature checked), or null. */
async function presentedKeptId(request: Request): Promise<string | null> {
  const value: unknown = await keptFormCookie().parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value.length >= 32 ? sha256(value) : null;
}

/** Only text fields with plain names, as many as a form has; anything else is left out. */
export function keepableFields(fields: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of fields) {
    if (!FIELD_NAME.test(name) || name in kept) continue;
    if (++count > KEPT_FIELDS_MAX) break;
    kept[name] = value;
  }
  return kept;
}

/**
 * Keep a form posted after `staffId`'s session ended: answers the Set-Cookie value of the browser's
 * kept-form id (an existing one is reused), or null when the form was too large to keep.
 */
export async function keepForm(
  db: Db,
  request: Request,
  input: { staffId: number; path: string; fields: Record<string, string> },
  now = Date.now(),
): Promise<string | null> {
  const existing = await keptFormCookie().parse(request.headers.get('Cookie'));
  const id = typeof existing === 'string' && existing.length >= 32 ? existing : randomToken();
  const kept = await putHandoff(
    db,
    {
      ownerHash: sha256(id),
      kind: 'form',
      path: input.path,
      staffId: input.staffId,
      payload: input.fields,
      ttlMs: KEPT_FORM_TTL_MS,
    },
    now,
  );
  return kept ? keptFormCookie().serialize(id) : null;
}

/** The form this browser kept for `staffId` at `path` (taken: a reload shows the saved item again), or null. */
export async function takeKeptForm(
  db: Db,
  request: Request,
  input: { staffId: number; path: string },
  now = Date.now(),
): Promise<Map<string, string> | null> {
  const ownerHash = await presentedKeptId(request);
  if (!ownerHash) return null;
  const payload = await takeHandoff(db, { ownerHash, kind: 'form', ...input }, now);
  if (!payload || typeof payload !== 'object') return null;
  const fields = new Map<string, string>();
  for (const [name, value] of Object.entries(payload as Record<string, unknown>)) {
    if (typeof value === 'string') fields.set(name, value);
  }
  return fields;
}
