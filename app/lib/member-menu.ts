import { withoutTrailingSlashes } from './trim';

/** The member side menu in the spec's order (spec §2), with its selection keys. */
export const MEMBER_MENU = [
  { key: '1', path: '/member/status', label: 'ข้อมูลส่วนตัว' },
  { key: '2', path: '/member/share', label: 'ทุนเรือนหุ้น' },
  { key: '3', path: '/member/loan', label: 'เงินกู้' },
  { key: '4', path: '/member/deposit', label: 'เงินฝาก' },
  { key: '5', path: '/member/kep', label: 'รายการเรียกเก็บประจำเดือน' },
  { key: '12', path: '/member/kepcrem', label: 'รายการเรียกเก็บสมาคมฌาปนกิจ' },
  { key: '6', path: '/member/coll', label: 'การค้ำประกัน' },
  { key: '8', path: '/member/dividend', label: 'เงินปันผล' },
  { key: '7', path: '/member/gian', label: 'ผู้รับผลประโยชน์' },
  { key: '10', path: '/member/welfare', label: 'สวัสดิการ' },
  { key: '9', path: '/member/password', label: 'เปลี่ยนรหัสผ่าน' },
  // Not in the spec's menu: the account-security page (ADR 040) has the next free key.
  { key: '13', path: '/member/security', label: 'ความปลอดภัยของบัญชี' },
] as const;

export const DEFAULT_MENU_KEY = '1';

const KEYS: Array<[prefix: string, key: string]> = [
  ['/member/status', '1'],
  ['/member/share', '2'],
  ['/member/loan_statement', '3'],
  ['/member/loan', '3'],
  ['/member/dep_statement', '4'],
  ['/member/deposit', '4'],
  ['/member/kepcrem', '12'],
  ['/member/kep', '5'],
  ['/member/coll', '6'],
  ['/member/gian', '7'],
  ['/member/dividend', '8'],
  ['/member/password', '9'],
  ['/member/security', '13'],
  ['/member/logout', '10'],
  ['/member/welfare', '10'],
  ['/member/logon', '11'],
  ['/member/welcome', '99'],
];

/** The menu key the member layout highlights for a path (spec §2); '1' when none matches. */
export function menuKeyForPath(pathname: string): string {
  const path = withoutTrailingSlashes(pathname);
  for (const [prefix, key] of KEYS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return key;
  }
  return DEFAULT_MENU_KEY;
}

/**
 * Where the layout's back link leads: a statement goes back to its list, a printable month to the
 * billing months, the other pages to the status page; the status page is the top and has none (null).
 */
export function backPathFor(pathname: string): string | null {
  const path = withoutTrailingSlashes(pathname);
  if (path === '/member/status') return null;
  if (path.startsWith('/member/loan_statement/')) return '/member/loan';
  if (path.startsWith('/member/dep_statement/')) return '/member/deposit';
  if (path.startsWith('/member/kep/')) return '/member/kep';
  return '/member/status';
}
