import { CoopAuthError, type CoopBackend, type MemberCredentials, type MemberProfile } from './types';
import { sha256, verifyPassword } from '../crypto.server';
import type { Db } from '../db/index.server';
import { createAccountFeeds } from './embedded-account.server';
import { maskIdCard } from './figures';
import { createImpersonation } from './embedded-impersonate.server';
import { createBoardFeeds } from './embedded-board.server';
import { createContentFeeds } from './embedded-content.server';
import { createMemberFeeds } from './embedded-member.server';
import { createPhotoFeeds } from './embedded-photo.server';
import { createSearchFeed } from './embedded-search.server';
import { createTokenFeeds, issueToken } from './embedded-tokens.server';
import { statProbe } from '../content/content-image.server';
import { mediaDir, serveMedia } from '../content/media.server';

const HOUR = 3600_000;
/**
 * Lifetime of an embedded bearer token, counted from the sign-in and never extended (ADR 092): a
 * working day, or 30 days with "stay signed in" — the web session's absolute lifetimes (ADR 037).
 */
export const TOKEN_TTL_MS = { normal: 12 * HOUR, remember: 30 * 24 * HOUR };

export const TERMS_CATEGORY = 'term_of_conditional';

/** Key of the embedded token lookup among a request's kept answers. */
const MEMBER_OF = 'embedded:memberOf';

/** The CoopBackend over our own SQL store (SQLite or PostgreSQL through Kysely). */
export function createEmbeddedBackend(db: Db, now: () => number = Date.now): CoopBackend {
  /**
   * The member a token belongs to; every member query is scoped by it, never by user input. The
   * credentials `requireMember` makes carry the request's answers (ADR 066): the session check
   * resolves the token once, the terms check and the page's feeds reuse that answer, and the next
   * request asks the store again.
   */
  function memberOf(cred: MemberCredentials): Promise<string> {
    const kept = cred.perRequest?.answers;
    const known = kept?.get(MEMBER_OF) as Promise<string> | undefined;
    if (known) return known;
    const pending = lookUpMember(cred);
    if (kept) {
      kept.set(MEMBER_OF, pending);
      pending.catch(() => kept.delete(MEMBER_OF));
    }
    return pending;
  }

  async function lookUpMember(cred: MemberCredentials): Promise<string> {
    const row = await db
      .selectFrom('coop_tokens')
      .select(['membership_no', 'expires_at'])
      .where('token_hash', '=', sha256(cred.token))
      .executeTakeFirst();
    if (!row || row.expires_at <= now()) throw new CoopAuthError('token is invalid');
    return row.membership_no;
  }

  /** The published terms' number; the text is read only where it is shown. */
  function currentTerms<K extends 'no' | 'title' | 'body_html'>(columns: K[]) {
    return db
      .selectFrom('content_items')
      .select(columns)
      .where('category', '=', TERMS_CATEGORY)
      .where('disabled', '=', 0)
      .where('posted_at', '<=', now())
      .orderBy('posted_at', 'desc')
      .orderBy('no', 'desc')
      .executeTakeFirst();
  }

  return {
    kind: 'embedded',
    offers: { welfare: true, cremationBill: true, demand: true },
    ...createMemberFeeds(db, memberOf, now),
    ...createAccountFeeds(db, memberOf, now),
    ...createPhotoFeeds(db, memberOf, now),
    ...createImpersonation(db, now),
    ...createBoardFeeds(db, now),
    ...createSearchFeed(db, now),
    ...createContentFeeds(db, now),
    ...createTokenFeeds(db, memberOf, now),

    // The media folder is looked up per call: tests point DATA_DIR elsewhere after the backend is made.
    serveMedia: (request, file) => serveMedia(request, file, mediaDir()),
    hasMedia: (file) => statProbe(mediaDir())(file),

    async login({ membershipNo, password, remember }) {
      const row = await db
        .selectFrom('members')
        .innerJoin('member_credentials', 'member_credentials.membership_no', 'members.membership_no')
        .select([
          'members.membership_no',
          'prename',
          'first_name',
          'last_name',
          'status_code',
          'password_hash',
          'reset_required',
        ])
        .where('members.membership_no', '=', membershipNo)
        .executeTakeFirst();
      const ok = await verifyPassword(row?.password_hash ?? null, password);
      if (!row || !ok || row.status_code !== '0') return { ok: false, reason: 'invalid_credentials' };
      if (row.reset_required) return { ok: false, reason: 'password_reset_required' };
      const ttl = remember ? TOKEN_TTL_MS.remember : TOKEN_TTL_MS.normal;
      const issuedAt = now();
      const token = await issueToken(db, { membershipNo: row.membership_no, issuedAt, expiresAt: issuedAt + ttl });
      return {
        ok: true,
        token,
        expiresInSeconds: Math.floor(ttl / 1000),
        member: {
          membershipNo: row.membership_no,
          prename: row.prename,
          firstName: row.first_name,
          lastName: row.last_name,
        },
      };
    },

    async logout(cred) {
      cred.perRequest?.answers.delete(MEMBER_OF);
      await db.deleteFrom('coop_tokens').where('token_hash', '=', sha256(cred.token)).execute();
    },

    async revokeMemberTokens(membershipNo, keep) {
      let revoke = db.deleteFrom('coop_tokens').where('membership_no', '=', membershipNo);
      if (keep) revoke = revoke.where('token_hash', '!=', sha256(keep.token));
      const { numDeletedRows } = await revoke.executeTakeFirst();
      return Number(numDeletedRows);
    },

    /**
     * Exchanges a token for a new one (ADR 024, 092): single use (only the call that deletes the old
     * row issues a new one), and only while the old one still holds. The new token carries the old
     * one's sign-in time and expiry: a refresh never extends a login past its absolute end, and an
     * expired token is not exchanged at all. A token staff hold through an impersonation link is never
     * exchanged (its 30 minutes are the cap, ADR 010).
     */
    async refresh(cred) {
      const oldHash = sha256(cred.token);
      const at = now();
      const issued = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('coop_tokens')
          .select(['membership_no', 'issued_at', 'expires_at', 'acting_staff'])
          .where('token_hash', '=', oldHash)
          .executeTakeFirst();
        if (!row || row.expires_at <= at || row.acting_staff !== null) return null;
        const removed = await trx.deleteFrom('coop_tokens').where('token_hash', '=', oldHash).executeTakeFirst();
        if (removed.numDeletedRows === 0n) return null;
        const token = await issueToken(trx, {
          membershipNo: row.membership_no,
          issuedAt: row.issued_at,
          expiresAt: row.expires_at,
        });
        return { token, expiresAt: row.expires_at };
      });
      if (issued === null) throw new CoopAuthError('token is invalid');
      cred.perRequest?.answers.delete(MEMBER_OF);
      return { token: issued.token, expiresInSeconds: Math.floor((issued.expiresAt - at) / 1000) };
    },

    async getAuthUser(cred) {
      try {
        await memberOf(cred);
        return true;
      } catch (error) {
        if (error instanceof CoopAuthError) return false;
        throw error;
      }
    },

    async getTerms() {
      const terms = await currentTerms(['no', 'title', 'body_html']);
      return terms ? { no: terms.no, title: terms.title, html: terms.body_html } : null;
    },

    async getTermsStatus(cred) {
      const membershipNo = await memberOf(cred);
      const terms = await currentTerms(['no']);
      // With no terms published there is nothing to accept.
      if (!terms) return { accepted: true };
      const row = await db
        .selectFrom('terms_acceptances')
        .select('accepted_at')
        .where('membership_no', '=', membershipNo)
        .where('terms_no', '=', terms.no)
        .executeTakeFirst();
      return { accepted: Boolean(row) };
    },

    async acceptTerms(cred, meta) {
      const membershipNo = await memberOf(cred);
      const terms = await currentTerms(['no']);
      if (!terms) return;
      await db
        .insertInto('terms_acceptances')
        .values({
          membership_no: membershipNo,
          terms_no: terms.no,
          accepted_at: now(),
          ip: meta.ip,
          user_agent: meta.userAgent?.slice(0, 300) ?? null,
        })
        .onConflict((oc) => oc.columns(['membership_no', 'terms_no']).doNothing())
        .execute();
    },

    async getMemberProfile(cred) {
      const membershipNo = await memberOf(cred);
      const m = await db
        .selectFrom('members')
        .selectAll()
        .where('membership_no', '=', membershipNo)
        .executeTakeFirstOrThrow();
      const profile: MemberProfile = {
        membershipNo: m.membership_no,
        prename: m.prename,
        firstName: m.first_name,
        lastName: m.last_name,
        memberGroupNo: m.member_group_no,
        memberGroupName: m.member_group_name,
        status: m.status_code === '3' ? 'resigned' : 'normal',
        birthDate: m.birth_date,
        approveDate: m.approve_date,
        idCardMasked: maskIdCard(m.id_card),
        sex: m.sex,
        positionName: m.position_name,
        salarySatang: Number(m.salary_satang),
        address: m.address,
      };
      return profile;
    },

    async getMenu() {
      const [mains, subs] = await Promise.all([
        db.selectFrom('menu_items').selectAll().where('status', '=', 1).orderBy('sort').orderBy('seq').execute(),
        db.selectFrom('menu_sub_items').selectAll().where('status', '=', 1).orderBy('sort').orderBy('seq').execute(),
      ]);
      return mains.map((m) => ({
        seq: m.seq,
        label: m.name,
        labelEn: m.name_en,
        url: m.url,
        icon: m.icon,
        isParent: m.is_parent === 1,
        children: subs
          .filter((s) => s.menu_seq === m.seq)
          .map((s) => ({ seq: s.seq, label: s.description, url: s.url })),
      }));
    },

    async getFooterPhones() {
      const rows = await db
        .selectFrom('footer_phones')
        .select(['label', 'link'])
        .orderBy('sort')
        .orderBy('seq')
        .execute();
      return rows;
    },
  };
}
