import { hashPassword, verifyPassword } from '../crypto.server';
import type { Db } from '../db/index.server';
import { TERMS_CATEGORY } from './embedded.server';
import { IDENTITY_MISMATCH, PASSWORD_RESET_MESSAGE, REGISTERED_MESSAGE, alreadyRegistered } from './messages';
import type { AccountResult, CoopBackend, IdentityCheck, MemberOf, RecoveryTarget } from './types';

type AccountFeeds = Pick<CoopBackend, 'changePassword' | 'registerMember' | 'resetForgottenPassword'> &
  Required<Pick<CoopBackend, 'findRecoveryContact'>>;

const mismatch: AccountResult = { ok: false, errors: [IDENTITY_MISMATCH] };

/** Account actions of the embedded backend: password change, registration, forgotten password. */
export function createAccountFeeds(db: Db, memberOf: MemberOf, now: () => number): AccountFeeds {
  /**
   * True when all five identity fields match the member row of that number and the member is active
   * (status '0'). Names are compared trimmed and exactly; the national id as its 13 digits.
   */
  async function identityMatches(input: IdentityCheck): Promise<boolean> {
    return Boolean(await matchingMember(input));
  }

  /** The member row's contacts when the identity matches (see `identityMatches`), else undefined. */
  async function matchingMember(input: IdentityCheck) {
    const row = await db
      .selectFrom('members')
      .select(['id_card', 'first_name', 'last_name', 'birth_date', 'status_code', 'email', 'phone'])
      .where('membership_no', '=', input.membershipNo)
      .executeTakeFirst();
    const matches = Boolean(
      row &&
      row.status_code === '0' &&
      row.id_card.replace(/\D/g, '') === input.nationalId &&
      row.first_name.trim() === input.firstName.trim() &&
      row.last_name.trim() === input.lastName.trim() &&
      row.birth_date === input.birthDate,
    );
    return matches && row ? { email: row.email, phone: row.phone } : undefined;
  }

  async function hasCredentials(membershipNo: string): Promise<boolean> {
    const row = await db
      .selectFrom('member_credentials')
      .select('membership_no')
      .where('membership_no', '=', membershipNo)
      .executeTakeFirst();
    return Boolean(row);
  }

  return {
    async findRecoveryContact(input, purpose): Promise<RecoveryTarget> {
      const contact = await matchingMember(input);
      if (!contact) return { status: 'unknown' };
      const registered = await hasCredentials(input.membershipNo);
      return { status: registered === (purpose === 'forget') ? 'eligible' : 'ineligible', contact };
    },

    async changePassword(cred, { currentPassword, newPassword }) {
      const membershipNo = await memberOf(cred);
      const row = await db
        .selectFrom('member_credentials')
        .select('password_hash')
        .where('membership_no', '=', membershipNo)
        .executeTakeFirst();
      if (!row || !(await verifyPassword(row.password_hash, currentPassword)))
        return { ok: false, reason: 'wrong_current' };
      // Compare-and-set on the hash that was verified: of two changes from the same current password,
      // only the first one stores; for the other, that password is no longer the current one.
      const stored = await db
        .updateTable('member_credentials')
        .set({ password_hash: await hashPassword(newPassword), reset_required: 0, updated_at: now() })
        .where('membership_no', '=', membershipNo)
        .where('password_hash', '=', row.password_hash)
        .executeTakeFirst();
      if (stored.numUpdatedRows === 0n) return { ok: false, reason: 'wrong_current' };
      return { ok: true };
    },

    async registerMember(input, meta) {
      if (!(await identityMatches(input))) return mismatch;
      // Only after the identity matched, so this reveals nothing to someone who does not know it.
      const taken: AccountResult = { ok: false, errors: [alreadyRegistered(input.membershipNo)] };
      if (await hasCredentials(input.membershipNo)) return taken;
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction().execute(async (trx) => {
          const at = now();
          await trx
            .insertInto('member_credentials')
            .values({
              membership_no: input.membershipNo,
              password_hash: passwordHash,
              reset_required: 0,
              created_at: at,
              updated_at: at,
            })
            .execute();
          // Registration includes accepting the current terms (the form's required checkbox).
          const terms = await trx
            .selectFrom('content_items')
            .select('no')
            .where('category', '=', TERMS_CATEGORY)
            .where('disabled', '=', 0)
            .where('posted_at', '<=', at)
            .orderBy('posted_at', 'desc')
            .orderBy('no', 'desc')
            .executeTakeFirst();
          if (terms) {
            await trx
              .insertInto('terms_acceptances')
              .values({
                membership_no: input.membershipNo,
                terms_no: terms.no,
                accepted_at: at,
                ip: meta.ip,
                user_agent: meta.userAgent?.slice(0, 300) ?? null,
              })
              .onConflict((oc) => oc.columns(['membership_no', 'terms_no']).doNothing())
              .execute();
          }
        });
      } catch (error) {
        // Two registrations of the same member at once: the second one finds the row taken.
        if (/unique|duplicate/i.test(String(error))) return taken;
        throw error;
      }
      return { ok: true, message: REGISTERED_MESSAGE };
    },

    async resetForgottenPassword(input) {
      // Not registered yet answers like a wrong identity: the form says nothing about who is registered.
      if (!(await identityMatches(input)) || !(await hasCredentials(input.membershipNo))) return mismatch;
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('member_credentials')
          .set({ password_hash: passwordHash, reset_required: 0, updated_at: now() })
          .where('membership_no', '=', input.membershipNo)
          .execute();
        // Whoever held the old password is signed out: every token issued before the reset ends.
        await trx.deleteFrom('coop_tokens').where('membership_no', '=', input.membershipNo).execute();
      });
      return { ok: true, message: PASSWORD_RESET_MESSAGE };
    },
  };
}
