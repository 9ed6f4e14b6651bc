import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';

import { TermsAcceptSchema } from './terms';
import { formDataOf as form } from './form-data.test-support';

describe('the terms form', () => {
  it('carries where the member was going, or nothing', () => {
    expect(parseWithZod(form({ redirectTo: '/member/deposit' }), { schema: TermsAcceptSchema })).toMatchObject({
      status: 'success',
      value: { redirectTo: '/member/deposit' },
    });
    expect(parseWithZod(form({ redirectTo: '' }), { schema: TermsAcceptSchema })).toMatchObject({
      status: 'success',
      value: {},
    });
  });

  it('refuses a way back longer than any of the site', () => {
    const submission = parseWithZod(form({ redirectTo: `/${'a'.repeat(2000)}` }), { schema: TermsAcceptSchema });
    expect(submission.status).toBe('error');
  });
});
