import type { Db } from '../db/index.server';
import type { CoopBackend, MemberOf } from './types';

type PhotoFeeds = Pick<CoopBackend, 'getMemberPhoto' | 'getMemberPhotoInfo' | 'setMemberPhoto'>;

/**
 * Profile photos of the embedded backend. The JPEG bytes live in the database (ADR 009), keyed by the
 * member the token belongs to: there is no way to name another member's photo.
 */
export function createPhotoFeeds(db: Db, memberOf: MemberOf, now: () => number): PhotoFeeds {
  return {
    async getMemberPhoto(cred) {
      const membershipNo = await memberOf(cred);
      const row = await db
        .selectFrom('member_photos')
        .select(['jpeg', 'updated_at'])
        .where('membership_no', '=', membershipNo)
        .executeTakeFirst();
      return row ? { bytes: new Uint8Array(row.jpeg), updatedAt: new Date(Number(row.updated_at)) } : null;
    },

    async getMemberPhotoInfo(cred) {
      const membershipNo = await memberOf(cred);
      const row = await db
        .selectFrom('member_photos')
        .select('updated_at')
        .where('membership_no', '=', membershipNo)
        .executeTakeFirst();
      return row ? { updatedAt: new Date(Number(row.updated_at)) } : null;
    },

    async setMemberPhoto(cred, jpeg) {
      const membershipNo = await memberOf(cred);
      const updatedAt = now();
      // Both databases bind a Buffer as a blob / bytea.
      const bytes = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
      await db
        .insertInto('member_photos')
        .values({ membership_no: membershipNo, jpeg: bytes, updated_at: updatedAt })
        .onConflict((oc) => oc.column('membership_no').doUpdateSet({ jpeg: bytes, updated_at: updatedAt }))
        .execute();
    },
  };
}
