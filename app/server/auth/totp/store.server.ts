import { hashPassword, verifyPassword } from '../../crypto.server';
import type { Db } from '../../db/index.server';
import { openSealed, seal } from './seal.server';
import {
  asTotpCode,
  hashRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
} from './totp.server';

/** How long fresh recovery codes stay readable to the session that made them (until it confirms). */
export const REVEAL_MS = 15 * 60_000;

export interface TotpStatus {
  /** A confirmed authenticator: sign-in asks for a code. */
  enabled: boolean;
  /** Enrolment started and waits for the first code. */
  pending: boolean;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

export type TotpCheck = { ok: true; method: 'totp' | 'recovery_code' } | { ok: false };

export interface TotpStore {
  status(subject: string): Promise<TotpStatus>;
  /** Start (or restart) enrolment with a new secret; refused (null) while a confirmed one is on. */
  startEnrolment(subject: string): Promise<{ secret: string } | null>;
  /** The secret waiting for confirmation and its otpauth URI, or null. */
  pendingEnrolment(
    subject: string,
    label: { issuer: string; account: string },
  ): Promise<{ secret: string; uri: string } | null>;
  /**
   * Turn the pending authenticator on with a current code from it; gives the new recovery codes (also
   * kept sealed for `holder` to read again until it confirms them or REVEAL_MS passes).
   */
  confirmEnrolment(
    subject: string,
    code: string,
    holder: string,
  ): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }>;
  /** A code from the authenticator (once per time step, never an older step) or an unused recovery code (once). */
  verify(subject: string, code: string): Promise<TotpCheck>;
  /** Replace every recovery code with new ones (kept for `holder` to read as at enrolment). */
  regenerateRecoveryCodes(subject: string, holder: string): Promise<string[] | null>;
  /** Fresh recovery codes still waiting for `holder`, or null. */
  revealedRecoveryCodes(subject: string, holder: string): Promise<string[] | null>;
  /** The holder has kept the codes: they are never shown again. */
  dismissRecoveryCodes(subject: string): Promise<void>;
  /** Remove the authenticator and its recovery codes (pending or confirmed). */
  disable(subject: string): Promise<boolean>;
}

/**
 * The TOTP store over the app database, for any kind of account: `subject` names the account
 * (`member:<no>`, `staff:<id>`). Secrets are sealed with the first of `keys` and opened with any of them
 * (see seal.server.ts); `now` is the clock.
 * Replay protection and single use are single conditional UPDATEs, so two instances (or two requests)
 * can never both accept one code.
 */
export function createTotpStore({
  db,
  keys,
  now = Date.now,
}: {
  db: Db;
  keys: readonly Buffer[];
  now?: () => number;
}): TotpStore {
  const key = keys[0];
  if (!key) throw new Error('createTotpStore: at least one sealing key');
  const sealingKey: Buffer = key;
  const row = (subject: string) =>
    db.selectFrom('totp_factors').selectAll().where('subject', '=', subject).executeTakeFirst();

  async function storeRecoveryCodes(subject: string, holder: string, at: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    // 80 random bits, under the 112 that ASVS 5.0 lets a bare hash keep (6.5.2): each code is stored by
    // argon2id with a random salt of its own, made before the transaction (it is slow).
    const hashes = await Promise.all(codes.map((code) => hashPassword(normaliseRecoveryCode(code) ?? code)));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('totp_recovery_codes').where('subject', '=', subject).execute();
      await trx
        .insertInto('totp_recovery_codes')
        .values(hashes.map((code_hash) => ({ subject, code_hash, used_at: null })))
        .execute();
      await trx
        .updateTable('totp_factors')
        .set({
          reveal_sealed: seal(JSON.stringify(codes), sealingKey),
          reveal_holder: holder,
          reveal_until: at + REVEAL_MS,
          updated_at: at,
        })
        .where('subject', '=', subject)
        .execute();
    });
    return codes;
  }

  /** The subject's recovery codes not used yet. */
  const unusedCodes = (subject: string) =>
    db.selectFrom('totp_recovery_codes').where('subject', '=', subject).where('used_at', 'is', null);

  return {
    async status(subject) {
      const found = await row(subject);
      const left = found?.enabled_at
        ? await unusedCodes(subject)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        : undefined;
      return {
        enabled: Boolean(found?.enabled_at),
        pending: Boolean(found && !found.enabled_at),
        recoveryCodesLeft: Number(left?.n ?? 0),
      };
    },

    async startEnrolment(subject) {
      const at = now();
      const secret = newTotpSecret();
      const sealed = seal(secret, sealingKey);
      const found = await row(subject);
      if (found?.enabled_at) return null;
      if (found) {
        const result = await db
          .updateTable('totp_factors')
          .set({ secret_sealed: sealed, last_step: null, updated_at: at })
          .where('subject', '=', subject)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n ? { secret } : null;
      }
      await db
        .insertInto('totp_factors')
        .values({
          subject,
          secret_sealed: sealed,
          enabled_at: null,
          last_step: null,
          reveal_sealed: null,
          reveal_holder: null,
          reveal_until: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('subject').doNothing())
        .execute();
      return { secret };
    },

    async pendingEnrolment(subject, label) {
      const found = await row(subject);
      if (!found || found.enabled_at) return null;
      const secret = openSealed(found.secret_sealed, keys);
      return secret ? { secret, uri: otpauthUri({ ...label, secret }) } : null;
    },

    async confirmEnrolment(subject, code, holder) {
      const at = now();
      const found = await row(subject);
      if (!found || found.enabled_at) return { ok: false };
      const secret = openSealed(found.secret_sealed, keys);
      const step = secret ? matchTotpStep(secret, code, at) : null;
      if (step === null) return { ok: false };
      // Only the secret that was shown, and only once (a restart or a second confirmation loses).
      const result = await db
        .updateTable('totp_factors')
        .set({ enabled_at: at, last_step: step, updated_at: at })
        .where('subject', '=', subject)
        .where('enabled_at', 'is', null)
        .where('secret_sealed', '=', found.secret_sealed)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return { ok: false };
      return { ok: true, recoveryCodes: await storeRecoveryCodes(subject, holder, at) };
    },

    async verify(subject, code) {
      const at = now();
      const found = await row(subject);
      if (!found?.enabled_at) return { ok: false };
      if (asTotpCode(code)) {
        const secret = openSealed(found.secret_sealed, keys);
        const step = secret ? matchTotpStep(secret, code, at) : null;
        if (step === null) return { ok: false };
        const result = await db
          .updateTable('totp_factors')
          .set({ last_step: step })
          .where('subject', '=', subject)
          .where('enabled_at', 'is not', null)
          .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
          .executeTakeFirst();
        return result.numUpdatedRows > 0n ? { ok: true, method: 'totp' } : { ok: false };
      }
      const canonical = normaliseRecoveryCode(code);
      if (!canonical) return { ok: false };
      // The subject's unused codes (ten at most), each checked against its own salted hash; a code
      // stored before by its SHA-256 (`hashRecoveryCode`) still works.
      const unused = await unusedCodes(subject).select('code_hash').execute();
      const legacy = hashRecoveryCode(canonical);
      let usedHash: string | null = null;
      for (const { code_hash } of unused) {
        const matches = code_hash.startsWith('$argon2')
          ? await verifyPassword(code_hash, canonical)
          : code_hash === legacy;
        if (matches) {
          usedHash = code_hash;
          break;
        }
      }
      if (usedHash === null) return { ok: false };
      // Used once: the conditional UPDATE lets one request of several at once have it.
      const result = await db
        .updateTable('totp_recovery_codes')
        .set({ used_at: at })
        .where('subject', '=', subject)
        .where('code_hash', '=', usedHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? { ok: true, method: 'recovery_code' } : { ok: false };
    },

    async regenerateRecoveryCodes(subject, holder) {
      const found = await row(subject);
      if (!found?.enabled_at) return null;
      return storeRecoveryCodes(subject, holder, now());
    },

    async revealedRecoveryCodes(subject, holder) {
      const found = await row(subject);
      if (!found?.reveal_sealed || found.reveal_holder !== holder || (found.reveal_until ?? 0) <= now()) return null;
      const opened = openSealed(found.reveal_sealed, keys);
      if (!opened) return null;
      const codes: unknown = JSON.parse(opened);
      return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : null;
    },

    async dismissRecoveryCodes(subject) {
      await db
        .updateTable('totp_factors')
        .set({ reveal_sealed: null, reveal_holder: null, reveal_until: null })
        .where('subject', '=', subject)
        .execute();
    },

    async disable(subject) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('totp_recovery_codes').where('subject', '=', subject).execute();
        const removed = await trx.deleteFrom('totp_factors').where('subject', '=', subject).executeTakeFirst();
        return removed.numDeletedRows > 0n;
      });
    },
  };
}
