import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { noBreak } from '~/components/keep-together';
import { Spoken } from '~/components/spoken';
import { KeyFigures } from '~/components/member/data';
import { ProfilePhoto } from '~/components/member/profile-photo';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { formatAge, formatBaht, formatDate, formatMonth, formatSatang } from '~/lib/thai-format';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  // The figures a member most often comes for, first on the page. Each may fail on its own without
  // taking the profile with it: that figure then says the system could not be reached.
  const figure = <T,>(load: Promise<T>) => load.catch(() => null);
  const [p, photo, share, loans, bill] = await Promise.all([
    backend.getMemberProfile(member.credentials),
    backend.getMemberPhotoInfo(member.credentials),
    figure(backend.getShareSummary(member.credentials)),
    figure(backend.getLoans(member.credentials)),
    figure(backend.getCollectionPage(member.credentials, 'kep', { page: 1, pageSize: 1 })),
  ]);
  const baht = (satang: number | null | undefined) =>
    satang === null || satang === undefined ? UNAVAILABLE_MESSAGE : `${formatSatang(satang)} บาท`;
  const latest = bill?.rows[0];
  return json({
    photoVersion: photo ? photo.updatedAt.getTime() : null,
    name: `${p.prename}${p.firstName} ${p.lastName}`,
    membershipNo: p.membershipNo,
    group: `${p.memberGroupName} (${p.memberGroupNo})`,
    status: p.status === 'normal' ? 'ปกติ' : 'ลาออก',
    birthDate: formatDate(p.birthDate),
    age: formatAge(p.birthDate).text,
    approveDate: formatDate(p.approveDate),
    membershipAge: formatAge(p.approveDate).text,
    idCard: p.idCardMasked,
    position: p.positionName ?? '-',
    salary: formatBaht(p.salarySatang),
    address: p.address,
    figures: [
      ['ทุนเรือนหุ้นสะสม', share === null ? UNAVAILABLE_MESSAGE : baht(share?.capitalSatang ?? 0)],
      ['หนี้เงินกู้คงเหลือรวม', loans === null ? UNAVAILABLE_MESSAGE : baht(loans.reduce((t, l) => t + l.balanceSatang, 0))],
      [
        latest ? `ยอดเรียกเก็บ ${formatMonth(latest.year, latest.month)}` : 'ยอดเรียกเก็บประจำเดือน',
        bill === null ? UNAVAILABLE_MESSAGE : baht(latest?.billedSatang ?? 0),
      ],
    ] as Array<[string, string]>,
  });
}

export const meta: MetaFunction = (args) => [titleFor(args, 'ข้อมูลส่วนตัว')];

const TILES = [
  { to: '/member/share', label: 'ทุนเรือนหุ้น', note: 'ทุนเรือนหุ้นและรายการเคลื่อนไหว' },
  { to: '/member/loan', label: 'เงินกู้', note: 'สัญญาเงินกู้และหลักประกัน' },
  { to: '/member/deposit', label: 'เงินฝาก', note: 'บัญชีเงินฝากและรายการเคลื่อนไหว' },
  { to: '/member/kep', label: 'รายการเรียกเก็บประจำเดือน', note: 'รายการหักเงินรายเดือน' },
] as const;

export default function StatusPage() {
  const p = useLoaderData<typeof loader>();
  return (
    <>
      <h1>ข้อมูลส่วนตัว</h1>
      <KeyFigures label="สรุปยอดของท่าน" items={p.figures} />
      <section className="profile-card" aria-labelledby="profile-name">
        <div className="profile-card__head">
          <ProfilePhoto version={p.photoVersion} size={96} alt={`รูปโปรไฟล์ของ ${p.name}`} />
          <div>
            <h2 id="profile-name" className="profile-card__name">
              {p.name}
            </h2>
            <a href="/member/photo" className="profile-card__photo-link">
              {p.photoVersion === null ? 'เพิ่มรูปโปรไฟล์' : 'เปลี่ยนรูปโปรไฟล์'}
            </a>
          </div>
        </div>
        <dl className="facts">
          <div>
            <dt>เลขทะเบียนสมาชิก</dt>
            <dd>{p.membershipNo}</dd>
          </div>
          <div>
            <dt>สถานภาพ</dt>
            <dd>{p.status}</dd>
          </div>
          <div>
            <dt>หน่วยงาน</dt>
            <dd>{p.group}</dd>
          </div>
          <div>
            <dt>ตำแหน่ง</dt>
            <dd>
              <Spoken text={p.position} />
            </dd>
          </div>
          <div>
            <dt>วันเกิด</dt>
            <dd>{`${noBreak(p.birthDate)} (${noBreak(`อายุ ${p.age}`)})`}</dd>
          </div>
          <div>
            <dt>วันที่เป็นสมาชิก</dt>
            <dd>{`${noBreak(p.approveDate)} (อายุการเป็นสมาชิก ${noBreak(p.membershipAge)})`}</dd>
          </div>
          <div>
            <dt>เลขประจำตัวประชาชน</dt>
            <dd>
              <Spoken text={p.idCard} />
            </dd>
          </div>
          <div>
            <dt>เงินเดือน</dt>
            <dd>{p.salary}</dd>
          </div>
          <div className="facts__wide">
            <dt>ที่อยู่</dt>
            <dd>{p.address}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="tiles-title" className="section">
        <h2 id="tiles-title">บริการสมาชิก</h2>
        <ul className="tiles">
          {TILES.map((t) => (
            <li key={t.to}>
              <a className="tile" href={t.to}>
                <span className="tile__label">{t.label}</span>
                <span className="tile__note">{t.note}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
