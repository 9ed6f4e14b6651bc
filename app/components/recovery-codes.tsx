import type { ReactNode } from 'react';

/**
 * Fresh recovery codes, shown once (a member's security page, a staff member's enrolment and
 * account): what they are for, the numbered list, and `children`, the form whose button hides them
 * for good.
 */
export function FreshRecoveryCodes({
  codes,
  title,
  titleId,
  level,
  className,
  listClassName,
  children,
}: {
  codes: readonly string[];
  title: string;
  titleId: string;
  level: 2 | 3;
  className: string;
  listClassName: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className} aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      <p>
        จดหรือพิมพ์รหัสเหล่านี้เก็บไว้ในที่ปลอดภัย ใช้แทนรหัสจากแอปได้เมื่อไม่มีโทรศัพท์ รหัสละหนึ่งครั้ง
        ระบบจะไม่แสดงรหัสเหล่านี้อีกหลังจากท่านกดปุ่มด้านล่าง
      </p>
      <ol className={listClassName} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
