import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { titleFor } from '~/lib/meta';
import { DEFAULT_MEMBER_REDIRECT, safeRedirect } from '~/lib/safe-redirect';
import type { RouteHandle } from '~/root';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

export const handle: RouteHandle = { hydrate: true };

/**
 * First stop after login for a member who has not accepted the terms yet (needs login, no layout).
 * Staff acting as the member go on to the member pages: they cannot accept for the member (ADR 010).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context, { terms: 'skip' });
  const { backend } = await app();
  const { accepted } = await backend.getTermsStatus(member.credentials);
  // Where the member was going when the terms gate stopped them (continued after accepting).
  const next = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  return json({ memberName: member.memberName, accepted: accepted || member.actingStaff !== null, next });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'ยินดีต้อนรับ')];

export default function Welcome() {
  const { memberName, accepted, next } = useLoaderData<typeof loader>();
  const termsHref =
    next === DEFAULT_MEMBER_REDIRECT
      ? '/member/termofconditional'
      : `/member/termofconditional?${new URLSearchParams({ redirectTo: next })}`;
  return (
    <AuthCard title={`ยินดีต้อนรับ ${memberName}`}>
      {accepted ? (
        <p>
          <Link className="button button--block" to={next}>
            เข้าสู่บริการสมาชิก
          </Link>
        </p>
      ) : (
        <>
          <p>ก่อนเริ่มใช้บริการสมาชิกออนไลน์ กรุณาอ่านและยอมรับข้อกำหนดและเงื่อนไขการใช้บริการ</p>
          <p>
            <Link className="button button--block" to={termsHref}>
              อ่านข้อกำหนดและเงื่อนไข
            </Link>
          </p>
        </>
      )}
      <form method="post" action="/member/logout" className="auth-card__back">
        <button type="submit" className="link-button">
          ออกจากระบบ
        </button>
      </form>
    </AuthCard>
  );
}
