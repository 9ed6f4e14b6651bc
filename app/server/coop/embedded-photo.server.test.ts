import { beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../db/index.server';
import { demoSqlite } from '../db-instances.test-support';
import { DEMO_MEMBER, EMPTY_DEMO_MEMBER } from '../seed/demo.server';
import { createEmbeddedBackend } from './embedded.server';
import { CoopAuthError, type CoopBackend, type MemberCredentials } from './types';

const openDemo = demoSqlite('photo', { members: 20 });
let db: Db;
let clock = Date.parse('2025-06-15T03:00:00.000Z');
let backend: CoopBackend;

async function tokenOf(membershipNo: string): Promise<MemberCredentials> {
  const result = await backend.login({ membershipNo, password: DEMO_MEMBER.password, remember: false });
  if (!result.ok) throw new Error(`login failed for ${membershipNo}`);
  return { token: result.token };
}

beforeAll(async () => {
  db = await openDemo();
  backend = createEmbeddedBackend(db, () => clock);
});

describe('embedded member photos', () => {
  it('stores, replaces and returns the photo of the token’s member only', async () => {
    const me = await tokenOf(DEMO_MEMBER.membershipNo);
    const other = await tokenOf(EMPTY_DEMO_MEMBER.membershipNo);
    expect(await backend.getMemberPhoto(me)).toBeNull();
    expect(await backend.getMemberPhotoInfo(me)).toBeNull();

    const first = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    await backend.setMemberPhoto(me, first);
    expect(await backend.getMemberPhoto(me)).toEqual({ bytes: first, updatedAt: new Date(clock) });
    expect(await backend.getMemberPhotoInfo(me)).toEqual({ updatedAt: new Date(clock) });

    clock += 60_000;
    const second = new Uint8Array([0xff, 0xd8, 0xff, 9, 9]);
    await backend.setMemberPhoto(me, second);
    expect(await backend.getMemberPhoto(me)).toEqual({ bytes: second, updatedAt: new Date(clock) });
    expect(await db.selectFrom('member_photos').select('membership_no').execute()).toHaveLength(1);

    expect(await backend.getMemberPhoto(other)).toBeNull();
    expect(await backend.getMemberPhotoInfo(other)).toBeNull();
  });

  it('refuses a token it did not issue', async () => {
    const stranger = { token: 'not-a-token' };
    await expect(backend.getMemberPhoto(stranger)).rejects.toBeInstanceOf(CoopAuthError);
    await expect(backend.setMemberPhoto(stranger, new Uint8Array([1]))).rejects.toBeInstanceOf(CoopAuthError);
  });
});
