import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

/** The gate asked `time` ms after the first question of a test. */
function at(time: number, asking: AuthedMember): Promise<boolean> {
  vi.setSystemTime(Date.UTC(2026, 10, 26) + time);
  return termsAccepted(asking);
}

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  forgetTermsAnswers();
  answers.length = 0;
  asked.length = 0;
});

describe('termsAccepted', () => {
  it("keeps a session's yes for a minute, then asks the backend again", async () => {
    expect(await at(0, member('a'))).toBe(true);
    expect(await at(TERMS_MEMO_MS - 1, member('a'))).toBe(true);
    expect(asked).toEqual(['token-a']);
    answers.push(false);
    expect(await at(TERMS_MEMO_MS + 1, member('a'))).toBe(false);
    expect(asked).toEqual(['token-a', 'token-a']);
  });

  it('never keeps a no: accepting the terms lets the member through on the next page', async () => {
    answers.push(false, false, true);
    expect(await at(0, member('b'))).toBe(false);
    expect(await at(1, member('b'))).toBe(false);
    expect(await at(2, member('b'))).toBe(true);
    expect(asked).toHaveLength(3);
  });

  it('keeps the answer per session, not per member', async () => {
    expect(await at(0, member('c'))).toBe(true);
    answers.push(false);
    expect(await at(0, member('d'))).toBe(false);
    expect(asked).toEqual(['token-c', 'token-d']);
  });
});
