import { CoopThrottledError } from '../coop/types';
import { env } from '../env.server';
import { hit } from '../rate-limit.server';
import { HONEYPOT_FIELD } from '~/lib/forms/board';
import { addressLimitKey } from '../auth/limit-address.server';

/** Pages with a board form carry a one-time submission key: no shared cache may keep them. */

export type PostAllowance = { ok: true } | { ok: false; minutes: number };

/**
 * Counts one board posting (topic or answer) from this client address against
 * BOARD_MAX_POSTS_PER_ADDRESS per BOARD_WINDOW_MINUTES, in the shared database so the limit holds
 * across instances. Over the limit: the minutes until the window ends.
 */
export async function countBoardPost(clientAddress: string | null, now: number = Date.now()): Promise<PostAllowance> {
  const config = env();
  const state = await hit(addressLimitKey('board', clientAddress), config.BOARD_WINDOW_MINUTES * 60_000, now);
  if (state.count <= config.BOARD_MAX_POSTS_PER_ADDRESS) return { ok: true };
  return { ok: false, minutes: Math.max(1, Math.ceil((state.resetAt - now) / 60_000)) };
}

/** True when the spam trap was filled in (people never see it). */
export function honeypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The minutes to tell a visitor whose posting the core refused as over its limit (HTTP 429, ADR 042):
 * from the core's `Retry-After`, else this site's board window. null for any other failure.
 */
export function throttledMinutes(error: unknown): number | null {
  if (!(error instanceof CoopThrottledError)) return null;
  const seconds = error.retryAfterSeconds ?? env().BOARD_WINDOW_MINUTES * 60;
  return Math.max(1, Math.ceil(seconds / 60));
}
