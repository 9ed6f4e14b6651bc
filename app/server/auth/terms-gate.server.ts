import { parseWithZod } from '@conform-to/zod/v4';
import { LRUCache } from 'lru-cache';

import { TermsAcceptSchema } from '~/lib/forms/terms';

import { app } from '../app.server';
import type { AuthedMember } from './auth.server';

/** How long a session's "yes, the terms are accepted" is taken as given (ADR 028). */
export const TERMS_MEMO_MS = 60_000;
/** More sessions than this at once: the least recently used answers go first. */
const TERMS_MEMO_LIMIT = 10_000;

/** Session (id hash) → its acceptance, taken as given for `TERMS_MEMO_MS` (clock: `Date.now`). */
const acceptedBySession = new LRUCache<string, true>({
  max: TERMS_MEMO_LIMIT,
  ttl: TERMS_MEMO_MS,
  ttlResolution: 0,
  perf: { now: () => Date.now() },
});

/**
 * The terms gate of the member layout (spec §4): has the member accepted the published terms? It is
 * asked on every member page. Once the backend says yes, the yes is kept for this session for
 * `TERMS_MEMO_MS`: it changes only when staff publish new terms or withdraw an acceptance, both rare.
 * A no is never kept, so a member who accepts goes through at once, on every instance. The caller
 * has just run the session check (`requireMember`), which proves the session and its token.
 */
export async function termsAccepted(member: AuthedMember): Promise<boolean> {
  const key = member.session.idHash;
  if (acceptedBySession.get(key)) return true;
  const { backend } = await app();
  const { accepted } = await backend.getTermsStatus(member.credentials);
  if (!accepted) {
    acceptedBySession.delete(key);
    return false;
  }
  acceptedBySession.set(key, true);
  return true;
}

/** Forget every kept answer (tests). */
export function forgetTermsAnswers(): void {
  acceptedBySession.clear();
}

/**
 * Where the terms form says the member was going when the gate stopped them, by the form's schema;
 * nothing for a tampered one (the route makes the way back safe). Here, on the server, so that the
 * page, which hydrates, loads no form library (ADR 077, ADR 125).
 */
export function termsFormRedirectTo(form: FormData): string | undefined {
  const submission = parseWithZod(form, { schema: TermsAcceptSchema });
  return submission.status === 'success' ? submission.value.redirectTo : undefined;
}
