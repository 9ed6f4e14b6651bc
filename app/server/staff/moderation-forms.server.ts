import { json, redirect } from '@remix-run/node';

import { BOARD_LIMITS, cleanLine, cleanMultiline, rawLimit } from '~/lib/forms/board';
import { BLOCK_DURATIONS, MOD_MESSAGES } from '~/lib/staff-moderation';

import { setFlash } from '../flash.server';
import { requireStaff } from './guard.server';
import { DEMAND_STATUSES, REASON_MAX, type DemandStatus, type PostKind } from './moderation.server';
import { PRIVATE_NO_STORE } from '../http/responses.server';
import { requireCoopStore, staffStore } from './store.server';

/**
 * Reading the moderator's forms (ADR 062): every field bounded before it is cleaned, plain text as
 * the board stores it (ADR 012), Thai messages per field.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

function text(form: FormData, name: string, max: number): string | null {
  const value = form.get(name);
  if (typeof value !== 'string') return '';
  return value.length > rawLimit(max) ? null : value;
}

function bounded(
  form: FormData,
  name: string,
  max: number,
  clean: (t: string) => string,
  messages: { required: string; max: string },
): Read<string> {
  const raw = text(form, name, max);
  if (raw === null) return { ok: false, error: messages.max };
  const value = clean(raw);
  if (!value) return { ok: false, error: messages.required };
  if (value.length > max) return { ok: false, error: messages.max };
  return { ok: true, value };
}

export const readReason = (form: FormData): Read<string> =>
  bounded(form, 'reason', REASON_MAX, cleanLine, {
    required: MOD_MESSAGES.reasonRequired,
    max: MOD_MESSAGES.reasonMax,
  });

export const readAnswerBody = (form: FormData): Read<string> =>
  bounded(form, 'body', BOARD_LIMITS.body, cleanMultiline, {
    required: MOD_MESSAGES.answerRequired,
    max: MOD_MESSAGES.answerMax,
  });

export const readDisplayName = (form: FormData): Read<string> =>
  bounded(form, 'displayName', BOARD_LIMITS.name, cleanLine, {
    required: MOD_MESSAGES.nameRequired,
    max: MOD_MESSAGES.nameMax,
  });

export function readDays(form: FormData): Read<number> {
  const days = Number(text(form, 'days', 8) ?? '');
  return BLOCK_DURATIONS.some((d) => d.days === days)
    ? { ok: true, value: days }
    : { ok: false, error: MOD_MESSAGES.daysInvalid };
}

export function readStatus(form: FormData): Read<DemandStatus> {
  const value = text(form, 'status', 20) ?? '';
  return (DEMAND_STATUSES as readonly string[]).includes(value)
    ? { ok: true, value: value as DemandStatus }
    : { ok: false, error: MOD_MESSAGES.statusInvalid };
}

/** A record id from a form or URL: digits only, within a 32-bit id, or null. */
export function readId(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Which post a form acts on (`kind` and `id`), or null for a tampered form. */
export function readPost(form: FormData): { kind: PostKind; id: number } | null {
  const kind = form.get('kind');
  const id = readId(form.get('id'));
  if ((kind !== 'topic' && kind !== 'answer') || id === null) return null;
  return { kind, id };
}

/** The intent a form's button names, if it is one of `allowed`. */
export function readIntent<T extends string>(form: FormData, allowed: readonly T[]): T | null {
  const intent = form.get('intent');
  return typeof intent === 'string' && (allowed as readonly string[]).includes(intent) ? (intent as T) : null;
}

/** Back to a page after a change, with a notice (303, so a reload does not post again). */
export async function doneRedirect(to: string, text: string, kind: 'success' | 'info' = 'success'): Promise<Response> {
  return redirect(to, { status: 303, headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': await setFlash({ kind, text }) } });
}

/** The form that failed and its messages per field, for the page to show beside that form. */
export interface FormFailure {
  form: string;
  errors: Record<string, string>;
}

/** A form the moderator is to correct: 400, and the page shows `failure` beside that form. */
export function formFailed(failure: FormFailure) {
  return json({ failure }, { status: 400, headers: PRIVATE_NO_STORE });
}

/** The answer for a post that is not there (the /staff error boundary shows the Thai page). */
export const postNotFound = () => new Response('Not Found', { status: 404 });

/**
 * The start of a moderator's request about one post: the moderator (else the guard's redirect or
 * 403), the co-op's store, the post's number from the path (else 404), in that order.
 */
export async function moderatorOnPost(request: Request, param: string | undefined) {
  const user = await requireStaff(request, 'moderator');
  const coop = await requireCoopStore(await staffStore());
  const id = readId(param);
  if (id === null) throw postNotFound();
  return { user, coop, id };
}
