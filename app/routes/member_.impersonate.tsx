import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';

import { AuthCard } from '~/components/auth-card';
import { IMPERSONATION_MESSAGES } from '~/lib/impersonation';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { IMPERSONATION_LINK, memberAuthenticator } from '~/server/auth/authenticator.server';
import { env } from '~/server/env.server';

/**
 * Staff impersonation (ADR 010): a signed, single-use, 60-second link printed by
 * `npm run impersonate` starts a session acting as the member. Without IMPERSONATION_SECRET (or, in
 * http mode, a core that redeems links, ADR 025) the feature does not exist (404). Every refused link
 * gets the same page and status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const secret = env().IMPERSONATION_SECRET;
  const { backend } = await app();
  if (!secret && !backend.redeemImpersonationLink) throw new Response(null, { status: 404 });
  const headers = new Headers({ 'Referrer-Policy': 'no-referrer' });
  // A HEAD (a link checker) must not use up the link.
  if (request.method !== 'GET') return json(null, { status: 403, headers });
  // The members' link strategy reads the token from the link and redeems it (ADR 108).
  const outcome = await memberAuthenticator(context.clientAddress).authenticate(IMPERSONATION_LINK, request);
  if (!outcome.ok) return json(null, { status: 403, headers });
  // No notice: the banner on every member page already says who is acting as whom.
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect('/member/status', { headers });
}

export const meta: MetaFunction = (args) => [titleFor(args, IMPERSONATION_MESSAGES.linkRefusedTitle)];

export default function ImpersonationRefused() {
  return (
    <AuthCard title={IMPERSONATION_MESSAGES.linkRefusedTitle}>
      <p>{IMPERSONATION_MESSAGES.linkRefusedText}</p>
      <p className="auth-card__back">
        <a href="/home">กลับสู่หน้าหลัก</a>
      </p>
    </AuthCard>
  );
}
