import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';

import { DiskFullNotice, useDiskFull } from '~/components/disk-full';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '~/components/error-pages';
import { FlashNotice } from '~/components/notices';
import { IncidentNumber } from '~/incident';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M, STAFF_NAV, STAFF_ROLE_LABELS, navCurrent } from '~/lib/staff';
import { requireStaff, staffCan } from '~/server/staff/guard.server';
import { staffScriptSrc } from '~/server/http/enhance.server';
import { STAFF_IDLE_MS, TOUCH_EVERY_MS } from '~/server/staff/session.server';
import { staffStore } from '~/server/staff/store.server';
import { useNonce } from '~/nonce';
import staffStyles from '~/styles/staff.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/**
 * The staff back office's layout (ADR 059): a staff session required (its own cookie, scoped to /staff),
 * the menu by role, and a Thai page for a refusal (403) or a failure. Pages work without scripts; one
 * small script warns before the session's idle end and checks uploads (ADR 116).
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: staffStyles }];

/** How long before the session's idle end the page warns (with JavaScript). */
const SESSION_WARN_MS = 2 * 60_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const ownDataOnly = (await staffStore()).coop === null;
  const nav = STAFF_NAV.filter((entry) => staffCan(user, entry.role) && (entry.ownData || !ownDataOnly)).map(
    ({ to, label, section }) => ({ to, label, section }),
  );
  return json(
    {
      user: { displayName: user.displayName, username: user.username, role: user.role },
      nav,
      ownDataOnly,
      // The page's script warns before the session's idle end (ADR 116).
      session: { idleMs: STAFF_IDLE_MS, touchMs: TOUCH_EVERY_MS, warnMs: SESSION_WARN_MS },
      script: staffScriptSrc(),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export const meta: MetaFunction = (args) => {
  if (isRouteErrorResponse(args.error) && args.error.status === 404) return [{ title: NOT_FOUND_TITLE }];
  if (isRouteErrorResponse(args.error) && args.error.status === 403) return [titleFor(args, M.forbiddenTitle)];
  return [titleFor(args, args.error ? UNAVAILABLE_MESSAGE : M.backOffice)];
};

type LayoutData = ReturnType<typeof useLoaderData<typeof loader>>;

function StaffShell({ layout, children }: { layout: LayoutData | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        ข้ามไปยังเนื้อหา
      </a>
      {/* Whole-page loads: a page that hydrates (menu, accounts: ADR 119) does not take the others into a client-side app. */}
      <header className="staff-header">
        <div className="staff-header__bar">
          <p className="staff-header__title">
            <Link to="/staff" reloadDocument>
              {M.backOffice}
            </Link>
          </p>
          {layout ? (
            <div className="staff-header__user">
              <span>
                {layout.user.displayName} <span className="nowrap">({STAFF_ROLE_LABELS[layout.user.role]})</span>
              </span>
              <Link
                to="/staff/account"
                reloadDocument
                aria-current={pathname === '/staff/account' ? 'page' : undefined}
              >
                บัญชีของฉัน
              </Link>
              <Form method="post" action="/staff/logout" reloadDocument>
                <button type="submit" className="button button--secondary button--small">
                  ออกจากระบบ
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {layout ? (
          <nav className="staff-nav" aria-label="เมนูเจ้าหน้าที่">
            <ul>
              <li>
                <Link to="/staff" reloadDocument aria-current={pathname === '/staff' ? 'page' : undefined}>
                  หน้าหลัก
                </Link>
              </li>
              {layout.nav.map((entry) => (
                <li key={entry.to}>
                  <Link to={entry.to} reloadDocument aria-current={navCurrent(entry, pathname)}>
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="staff-main">
        <FlashNotice />
        {children}
      </main>
      {layout ? <SessionWarning session={layout.session} script={layout.script} /> : null}
    </>
  );
}

/**
 * The warning before the session's idle end and its "stay signed in" button: hidden markup the
 * page's script shows (ADR 116). Without JavaScript nothing shows; a form posted after the end is
 * kept and comes back after signing in again.
 */
function SessionWarning({ session, script }: { session: LayoutData['session']; script: string }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  return (
    <>
      <div
        id="staff-session"
        className="staff-session"
        role="alert"
        hidden
        data-idle-ms={session.idleMs}
        data-touch-ms={session.touchMs}
        data-warn-ms={session.warnMs}
      >
        <p data-ending="">{M.sessionEnding}</p>
        <p data-over="" hidden>
          {M.sessionOver}
        </p>
        <p data-extended="" hidden>
          {M.sessionExtended}
        </p>
        <form method="post" action="/staff/session" hidden>
          <input type="hidden" name="redirectTo" value={pathname} />
          <button type="submit" className="button button--small">
            {M.sessionExtend}
          </button>
        </form>
      </div>
      <script src={script} nonce={nonce} defer />
    </>
  );
}

export default function StaffLayout() {
  const layout = useLoaderData<typeof loader>();
  return (
    <StaffShell layout={layout}>
      <Outlet />
    </StaffShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>('routes/staff');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const back = (
    <p>
      <Link className="button button--secondary" to="/staff">
        กลับสู่หน้าหลักของระบบหลังบ้าน
      </Link>
    </p>
  );
  if (useDiskFull(error)) {
    return (
      <StaffShell layout={layout}>
        <DiskFullNotice>{back}</DiskFullNotice>
      </StaffShell>
    );
  }
  return (
    <StaffShell layout={layout}>
      <div className="panel stack" role="alert">
        {status === 403 ? (
          <>
            <h1>{M.forbiddenTitle}</h1>
            <p>{M.forbiddenText}</p>
          </>
        ) : status === 404 ? (
          <>
            <h1>{NOT_FOUND_TEXT}</h1>
            <p>ไม่พบหน้าที่ต้องการในระบบหลังบ้าน</p>
          </>
        ) : (
          <>
            <h1>{UNAVAILABLE_MESSAGE}</h1>
            <p>ระบบไม่สามารถทำรายการได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในภายหลัง</p>
            <IncidentNumber />
          </>
        )}
        {back}
      </div>
    </StaffShell>
  );
}
