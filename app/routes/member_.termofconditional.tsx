import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { IMPERSONATION_MESSAGES } from '~/lib/impersonation';
import { titleFor } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import type { RouteHandle } from '~/root';
import { app } from '~/server/app.server';
import { audit, refusedToStaff } from '~/server/audit.server';
import { optionalMember, requireMember } from '~/server/auth/auth.server';
import { termsFormRedirectTo } from '~/server/auth/terms-gate.server';
import { setFlash } from '~/server/flash.server';
import { sanitizeRichText } from '~/server/content/sanitize.server';

export const handle: RouteHandle = { hydrate: true };

/** The terms are readable by anyone; accepting them needs the member themself (not staff acting for them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { backend } = await app();
  const [terms, session] = await Promise.all([backend.getTerms(), optionalMember(request)]);
  return json({
    title: terms?.title ?? 'ข้อกำหนดและเงื่อนไขการใช้บริการ',
    html: terms ? sanitizeRichText(terms.html) : '<p>ยังไม่มีข้อกำหนดและเงื่อนไข</p>',
    canAccept: Boolean(session && terms && session.actingStaff === null),
    redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')),
    acting: Boolean(session && session.actingStaff !== null),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context, { terms: 'skip' });
  // Consent is the member's own (ADR 010): staff cannot give it for them.
  if (await refusedToStaff(member, context.clientAddress, 'accept_terms')) {
    return redirect('/member/termofconditional', {
      status: 303,
      headers: { 'Set-Cookie': await setFlash({ kind: 'error', text: IMPERSONATION_MESSAGES.termsBlocked }) },
    });
  }
  const { backend } = await app();
  await backend.acceptTerms(member.credentials, {
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  });
  await audit('terms_accepted', { membershipNo: member.membershipNo, ip: context.clientAddress });
  // On to where the member was going when the terms gate stopped them (a tampered way back: the default).
  return redirect(safeRedirect(termsFormRedirectTo(await request.formData())), {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', text: 'ยอมรับข้อกำหนดและเงื่อนไขแล้ว' }) },
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'ข้อกำหนดและเงื่อนไข')];

export default function Terms() {
  const { title, html, canAccept, acting, redirectTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  return (
    <AuthCard title={title} wide>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      {canAccept ? (
        <Form method="post" className="stack">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            className="button button--block"
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {submitting ? <span className="spinner" aria-hidden="true" /> : null}
            ยอมรับข้อกำหนดและเงื่อนไข
          </button>
        </Form>
      ) : acting ? (
        <p className="callout">{IMPERSONATION_MESSAGES.termsBlocked}</p>
      ) : (
        <p>
          <Link to="/member/logon">เข้าสู่ระบบเพื่อยอมรับข้อกำหนด</Link>
        </p>
      )}
    </AuthCard>
  );
}
