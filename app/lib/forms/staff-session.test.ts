import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';

import { StaffSessionFormSchema } from './staff-session';

const parse = (redirectTo: string) => {
  const data = new FormData();
  data.set('redirectTo', redirectTo);
  return parseWithZod(data, { schema: StaffSessionFormSchema });
};

describe('the stay-signed-in form', () => {
  it('carries the page it was posted from, or nothing', () => {
    expect(parse('/staff/menu')).toMatchObject({ status: 'success', value: { redirectTo: '/staff/menu' } });
    expect(parse('')).toMatchObject({ status: 'success', value: {} });
  });

  it('refuses an address longer than any page of the back office', () => {
    expect(parse(`/staff/${'a'.repeat(2000)}`).status).toBe('error');
  });
});
