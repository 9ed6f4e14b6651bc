import type { LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation } from '@remix-run/react';

import { MemberShell } from '~/components/member/member-shell';
import type { RouteHandle } from '~/root';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth.server';

export const handle: RouteHandle = { hydrate: true };

/** Member layout: login required, then the terms gate (spec §4: not accepted → /member/welcome). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { backend } = await app();
  const terms = await backend.getTermsStatus(member.credentials);
  if (!terms.accepted) throw redirect('/member/welcome', { headers: { 'Cache-Control': 'private, no-store' } });
  return json(
    { memberName: member.memberName, membershipNo: member.membershipNo },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export function shouldRevalidate() {
  // The header's name and number do not change between member pages.
  return false;
}

export default function MemberLayout() {
  const { memberName, membershipNo } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <MemberShell pathname={pathname} memberName={memberName} membershipNo={membershipNo}>
      <Outlet />
    </MemberShell>
  );
}
