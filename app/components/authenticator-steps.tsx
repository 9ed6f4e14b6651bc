/**
 * How to add an account to an authenticator app (a member's security page, a staff member's
 * enrolment): install an app, scan the QR code or, with `otpauthUri`, open the account in the app
 * from a phone, or type the secret (in groups of four), then type the app's 6-digit code.
 */
export function AuthenticatorSteps({
  qr,
  secret,
  otpauthUri,
  qrClassName,
  secretClassName,
}: {
  qr: string;
  secret: string;
  otpauthUri?: string;
  qrClassName: string;
  secretClassName: string;
}) {
  return (
    <ol className="plain-list stack">
      <li>ติดตั้งแอปยืนยันตัวตนบนโทรศัพท์ (เช่น Google Authenticator หรือ Microsoft Authenticator)</li>
      <li>
        ในแอป เลือกเพิ่มบัญชี แล้วสแกนคิวอาร์โค้ดนี้
        <div
          className={qrClassName}
          role="img"
          aria-label="คิวอาร์โค้ดสำหรับเพิ่มบัญชีในแอปยืนยันตัวตน"
          // Made on the server by the qrcode library from the otpauth URI: no markup from anyone else.
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      </li>
      {otpauthUri ? (
        <li>
          หากเปิดหน้านี้บนโทรศัพท์ที่ติดตั้งแอปแล้ว กดลิงก์นี้เพื่อเพิ่มบัญชีในแอปได้ทันที:{' '}
          <a href={otpauthUri} data-testid="otpauth-link">
            เปิดในแอปยืนยันตัวตน
          </a>
        </li>
      ) : null}
      <li>
        หรือพิมพ์รหัสลับนี้ในแอป (ชนิด &quot;ตามเวลา&quot;):{' '}
        <code className={secretClassName} data-testid="totp-secret">
          {secret.replace(/(.{4})(?!$)/g, '$1 ')}
        </code>
      </li>
      <li>กรอกรหัส 6 หลักที่แอปแสดง เพื่อยืนยันว่าตั้งค่าถูกต้อง</li>
    </ol>
  );
}
