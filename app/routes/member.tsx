import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';

import { DiskFullNotice, useDiskFull } from '~/components/disk-full';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE, RetryLink } from '~/components/error-pages';
import { MemberShell } from '~/components/member/member-shell';
import { MemberScript } from '~/components/member-script';
import { IncidentNumber } from '~/incident';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { titleFor } from '~/lib/meta';
import { usePageHydrates, type RouteHandle } from '~/root';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { memberScriptSrc } from '~/server/http/enhance.server';

/** Member pages render on the server with one small script; a page with a React form hydrates (ADR 085). */
export const handle: RouteHandle = { memberStyles: true };

/**
 * Member layout: login required, and the terms gate (spec §4: not accepted → /member/welcome), which
 * `requireMember` applies to every member loader and action. Staff acting as the member pass the
 * gate: only the member can accept the terms (ADR 010).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  return json({
    memberName: member.memberName,
    membershipNo: member.membershipNo,
    actingStaff: member.actingStaff,
    offersWelfare: backend.offers.welfare,
    script: memberScriptSrc(),
  });
}

/** Used when a member page failed (this route holds the error boundary): each page sets its own title. */
export const meta: MetaFunction = (args) => {
  if (isRouteErrorResponse(args.error) && args.error.status === 404) return [{ title: NOT_FOUND_TITLE }];
  return [titleFor(args, args.error ? UNAVAILABLE_MESSAGE : 'บริการสมาชิก')];
};

export function shouldRevalidate() {
  // The header's name and number do not change between member pages.
  return false;
}

export default function MemberLayout() {
  const { memberName, membershipNo, actingStaff, offersWelfare, script } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // A page that hydrates is React's: the script's touches would change elements React keeps.
  const hydrates = usePageHydrates();
  return (
    <MemberShell
      pathname={pathname}
      memberName={memberName}
      membershipNo={membershipNo}
      actingStaff={actingStaff}
      offersWelfare={offersWelfare}
    >
      <Outlet />
      {hydrates ? null : <MemberScript src={script} />}
    </MemberShell>
  );
}

/**
 * A member page that failed keeps the member layout usable: not found (another member's record, a
 * mistyped link), the backend unavailable (HTTP 503, spec §8 'ไม่สามารถเชื่อมต่อได้') or a save that
 * failed because the server's disk is full (HTTP 503, ADR 098).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>('routes/member');
  const { pathname, search } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const diskFull = useDiskFull(error);
  const back = (
    <Link className="button button--secondary" to="/member/status">
      กลับสู่หน้าข้อมูลส่วนตัว
    </Link>
  );
  const content = diskFull ? (
    <DiskFullNotice>
      <p className="status-page__actions">{back}</p>
    </DiskFullNotice>
  ) : (
    <div className="panel" role="alert">
      <h1>{notFound ? NOT_FOUND_TEXT : UNAVAILABLE_MESSAGE}</h1>
      <p>{notFound ? 'ไม่พบข้อมูลที่ต้องการ หรือข้อมูลนี้ไม่ใช่ของท่าน' : 'ระบบไม่สามารถดึงข้อมูลได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในภายหลัง'}</p>
      {notFound ? null : <IncidentNumber />}
      <p className="status-page__actions">
        {notFound ? null : <RetryLink href={`${pathname}${search}`} />}
        {back}
      </p>
    </div>
  );
  if (!layout)
    return (
      <main id="main" className="status-page">
        {content}
      </main>
    );
  return (
    <MemberShell
      pathname={pathname}
      memberName={layout.memberName}
      membershipNo={layout.membershipNo}
      actingStaff={layout.actingStaff}
      offersWelfare={layout.offersWelfare}
    >
      {content}
    </MemberShell>
  );
}
