import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { AuthCard } from '~/components/auth-card';
import { formatDateTime } from '~/lib/thai-format';
import { env } from '~/server/env.server';
import { outboxDir, readOutbox } from '~/server/auth/recovery/delivery.server';
import { notFoundUnless } from '~/server/http/responses.server';

const TITLE = 'กล่องข้อความสาธิต';

/**
 * Demo mode only (SEED_DEMO on, ADR 038): the messages the outbox kept instead of sending them, so a
 * visitor trying the demo can read the one-time code. Everywhere else this page does not exist.
 */
export async function loader() {
  const e = env();
  notFoundUnless(e.demo && (e.OTP_DELIVERY ?? 'outbox') === 'outbox');
  const entries = await readOutbox(outboxDir(e.dataDir), 20);
  return json(
    {
      messages: entries.map((m) => ({
        at: formatDateTime(m.at),
        to: m.to.kind === 'email' ? `อีเมล ${m.to.address}` : `SMS ${m.to.number}`,
        subject: m.subject,
        text: m.text,
      })),
    },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  );
}

/** The loader's headers are the page's: the codes in it are for one visitor's eyes, never kept. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction = () => [{ title: TITLE }, { name: 'robots', content: 'noindex' }];

export default function DemoOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={TITLE}>
      <p role="note">
        หน้านี้มีเฉพาะในระบบสาธิตเท่านั้น: ระบบสาธิตไม่ได้ส่งอีเมลหรือ SMS จริง ข้อความที่จะส่งถึงสมาชิก เช่น
        รหัสยืนยันสำหรับลงทะเบียนหรือตั้งรหัสผ่านใหม่ จะแสดงที่นี่แทน (20 ข้อความล่าสุด)
      </p>
      {messages.length === 0 ? (
        <p>ยังไม่มีข้อความ</p>
      ) : (
        <ol className="stack">
          {messages.map((m, i) => (
            <li key={i}>
              <article aria-label={`${m.to} ${m.at}`}>
                <h2>{m.subject}</h2>
                <p>
                  ถึง {m.to} เมื่อ {m.at}
                </p>
                {m.text.split('\n').map((line, j) => (
                  <p key={j}>{line}</p>
                ))}
              </article>
            </li>
          ))}
        </ol>
      )}
      <p className="auth-card__back">
        <a href="/member/forget">ลืมรหัสผ่าน</a> · <a href="/home">กลับสู่หน้าหลัก</a>
      </p>
    </AuthCard>
  );
}
