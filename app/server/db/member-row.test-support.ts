import type { MembersTable } from './schema';

/**
 * A member row for tests (unit and e2e), to insert with Kysely: a plausible member with the given
 * number, any field replaced by `values`. Its id card is a placeholder, not a valid national id: pass
 * one where the test needs it.
 */
export function memberRow(membershipNo: string, values: Partial<MembersTable> = {}): MembersTable {
  return {
    membership_no: membershipNo,
    prename: 'นาย',
    first_name: 'ทดสอบ',
    last_name: `ระบบ${membershipNo}`,
    id_card: `110${membershipNo}0000`,
    sex: 'M',
    birth_date: '1980-01-01',
    approve_date: '2010-01-01',
    member_group_no: '0101',
    member_group_name: 'กองทดสอบระบบ',
    position_name: null,
    salary_satang: 3_000_000,
    address: '1 ถนนทดสอบ กรุงเทพมหานคร',
    phone: null,
    email: null,
    status_code: '0',
    ...values,
  };
}
