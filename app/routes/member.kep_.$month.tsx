import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CollectionGuidanceNote, CollectionLines, collectionView } from '~/components/member/collections';
import { KeyFigures } from '~/components/member/data';
import { PrintButton } from '~/components/member/print-button';
import { site } from '~/config/site';
import { titleFor } from '~/lib/meta';
import { requireMember } from '~/server/auth/auth.server';
import { kepMonth } from '~/server/member/collection-page.server';

/** Printable bill (before posting) or receipt (after) of one billing month: `/member/kep/2568-05` style keys in Gregorian `YYYY-MM`. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const found = await kepMonth(member, params.month);
  if (!found) throw json(null, { status: 404 });
  return json({ bill: collectionView(found), memberName: member.memberName, membershipNo: member.membershipNo });
}

/** The month is in the title: each month's bill is told apart in the tabs, the history and by a screen reader. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const bill = args.data?.bill;
  const title = bill
    ? `${bill.isReceipt ? 'ใบเสร็จรับเงิน' : 'ใบแจ้งหนี้'} ประจำเดือน ${bill.month}`
    : 'ใบแจ้งหนี้ / ใบเสร็จรับเงิน';
  return [titleFor(args, title)];
};

export default function KepPrint() {
  const { bill, memberName, membershipNo } = useLoaderData<typeof loader>();
  const title = bill.isReceipt ? 'ใบเสร็จรับเงิน' : 'ใบแจ้งหนี้';
  return (
    <article className="print-doc">
      <header className="print-doc__head">
        <img src={site.logo.src} alt="" width={56} height={56} />
        <div>
          <p className="print-doc__coop">{site.nameTh}</p>
          <p className="print-doc__address">{site.address}</p>
        </div>
      </header>
      <h1>
        {title} ประจำเดือน {bill.month}
      </h1>
      {/* On screen the total comes first, on a phone's first screen; the paper keeps it under the lines. */}
      <div className="no-print">
        <KeyFigures
          label={`ยอดของ${title}`}
          items={[
            ['ยอดเรียกเก็บรวม', `${bill.billed} บาท`],
            ...(bill.isReceipt ? [['ยอดที่หักได้', `${bill.collected} บาท`] as [string, string]] : []),
          ]}
        />
      </div>
      <dl className="facts">
        <div>
          <dt>ชื่อสมาชิก</dt>
          <dd>{memberName}</dd>
        </div>
        <div>
          <dt>เลขทะเบียนสมาชิก</dt>
          <dd>{membershipNo}</dd>
        </div>
        <div>
          <dt>สถานะ</dt>
          <dd>{bill.statusText}</dd>
        </div>
        {bill.isReceipt ? (
          <div>
            <dt>เลขที่ใบเสร็จ / วันที่</dt>
            <dd>
              {bill.receiptNo} / {bill.receiptDate}
            </dd>
          </div>
        ) : null}
      </dl>
      {bill.guidance ? <CollectionGuidanceNote guidance={bill.guidance} level={2} /> : null}
      <CollectionLines id="bill-lines" caption={`รายการ${title}`} lines={bill.lines} />
      <p className="print-doc__total">
        ยอดเรียกเก็บรวม <strong>{bill.billed} บาท</strong>
        {bill.isReceipt ? (
          <>
            {' '}
            · ยอดที่หักได้ <strong>{bill.collected} บาท</strong>
          </>
        ) : null}
      </p>
      <PrintButton />
      <p className="no-print">
        <a href={`/member/kep/${bill.key}/pdf`} download>
          ดาวน์โหลด{title}เป็นไฟล์ PDF
        </a>
      </p>
    </article>
  );
}
