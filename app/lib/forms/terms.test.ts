import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';

import { TermsAcceptSchema } from './terms';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

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
