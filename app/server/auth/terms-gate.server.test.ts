import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { AuthedMember } from './auth.server';

const answers: boolean[] = [];
const asked: string[] = [];
vi.mock('../app.server', () => ({
  app: async () => ({
    backend: {
      getTermsStatus: async (cred: { token: string }) => {
        asked.push(cred.token);
        return { accepted: answers.shift() ?? true };
      },
    },
  }),
}));

const { TERMS_MEMO_MS, forgetTermsAnswers, termsAccepted } = await import('./terms-gate.server');

function member(idHash: string, token = `token-${idHash}`): AuthedMember {
  return {
    membershipNo: '012345',
    memberName: 'สมชาย ใจดี',
    credentials: { token },
    session: { idHash } as AuthedMember['session'],
    actingStaff: null,
  };
}

beforeEach(() => {
  forgetTermsAnswers();
  answers.length = 0;
  asked.length = 0;
});

describe('termsAccepted', () => {
  it("keeps a session's yes for a minute, then asks the backend again", async () => {
    expect(await termsAccepted(member('a'), 0)).toBe(true);
    expect(await termsAccepted(member('a'), TERMS_MEMO_MS - 1)).toBe(true);
    expect(asked).toEqual(['token-a']);
    answers.push(false);
    expect(await termsAccepted(member('a'), TERMS_MEMO_MS)).toBe(false);
    expect(asked).toEqual(['token-a', 'token-a']);
  });

  it('never keeps a no: accepting the terms lets the member through on the next page', async () => {
    answers.push(false, false, true);
    expect(await termsAccepted(member('b'), 0)).toBe(false);
    expect(await termsAccepted(member('b'), 1)).toBe(false);
    expect(await termsAccepted(member('b'), 2)).toBe(true);
    expect(asked).toHaveLength(3);
  });

  it('keeps the answer per session, not per member', async () => {
    expect(await termsAccepted(member('c'), 0)).toBe(true);
    answers.push(false);
    expect(await termsAccepted(member('d'), 0)).toBe(false);
    expect(asked).toEqual(['token-c', 'token-d']);
  });
});
