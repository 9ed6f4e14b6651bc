import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { titleFor } from '~/lib/meta';
import { STAFF_MESSAGES as M, STAFF_NAV, STAFF_ROLE_LABELS } from '~/lib/staff';
import { requireStaff, staffCan, staffHoldsOnlyOwnData } from '~/server/staff/guard.server';
import { NO_STORE } from '~/server/staff/form.server';

/** The back office's first page: who is signed in, and the pages their role opens. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const ownDataOnly = staffHoldsOnlyOwnData();
  return json(
    {
      displayName: user.displayName,
      roleLabel: STAFF_ROLE_LABELS[user.role],
      ownDataOnly,
      pages: STAFF_NAV.filter((entry) => staffCan(user, entry.role) && (entry.ownData || !ownDataOnly)).map(
        ({ to, label }) => ({ to, label }),
      ),
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction = (args) => [titleFor(args, M.backOffice)];

export default function StaffDashboard() {
  const { displayName, roleLabel, ownDataOnly, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{M.backOffice}</h1>
      <p>
        สวัสดี {displayName} สิทธิ์ของท่าน: {roleLabel}
      </p>
      {ownDataOnly ? <p className="callout">{M.httpMode}</p> : null}
      {pages.length ? (
        <ul className="stack">
          {pages.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>ยังไม่มีหน้าที่ใช้ได้สำหรับสิทธิ์ของท่าน</p>
      )}
    </>
  );
}
