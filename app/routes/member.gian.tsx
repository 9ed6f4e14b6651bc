import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { DataTable, Empty } from '~/components/member/data';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const beneficiaries = await backend.getBeneficiaries(member.credentials);
  return json({ beneficiaries });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'ผู้รับผลประโยชน์')];

export default function GianPage() {
  const { beneficiaries } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>ผู้รับผลประโยชน์</h1>
      {beneficiaries.length ? (
        <DataTable id="gian-table" caption="รายชื่อผู้รับผลประโยชน์" head={['ลำดับ', 'ชื่อ - นามสกุล', 'ความสัมพันธ์']}>
          {beneficiaries.map((b) => (
            <tr key={b.seq}>
              <td className="num">{b.seq}</td>
              <th scope="row">{b.name}</th>
              <td>{b.relationship}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <Empty>ยังไม่ได้ระบุผู้รับผลประโยชน์</Empty>
      )}
    </>
  );
}
