import { createHmac } from 'node:crypto';

import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';

import { site } from '~/config/site';
import { LOGIN_MESSAGES } from '~/lib/forms/login';
import { SECOND_FACTOR_MESSAGES } from '~/lib/forms/second-factor';
import {
  identitySchema,
  REGISTER_MESSAGES,
  REGISTER_TITLES,
  registerSchema,
  type RegisterMode,
} from '~/lib/forms/register';
import { formatDateDMY, formatDateTime } from '~/lib/thai-format';

import { app } from '../app.server';
import { audit } from '../audit.server';
import { DISK_FULL_MESSAGE } from '~/lib/messages';
import { isUnavailable } from '../coop/unavailable.server';
import { isDiskFull, reportDiskFull } from '../ops/disk-full.server';
import type { IdentityCheck, MemberContact } from '../coop/types';
import { env } from '../env.server';
import { setFlash } from '../flash.server';
import { log } from '../log.server';
import { passwordPolicyError } from './password-policy.server';
import { hit } from '../rate-limit.server';
import { memberScriptSrc } from '../http/enhance.server';
import { codeLimits, reserveCodeCheck, reserveCodeSend } from './recovery/code-limit.server';
import { CODE_TTL_MS, createChallenge, newCode, releaseCode, redeemCode } from './recovery/codes.server';
import {
  createOutboxSender,
  createSmsGatewaySender,
  createSmtpSender,
  DeliveryError,
  outboxDir,
  type MessageSender,
  type Recipient,
} from './recovery/delivery.server';
import { addressLimitKey } from './limit-address.server';
import { forgetLoginFailures } from './login-limit.server';
import { signOutEverywhere } from './password-change.server';
import { removeSecondFactor, secondFactorEnabled } from './second-factor.server';
import { redeemMemberCode, releaseMemberCode, staffCodeKey } from '../staff/support.server';

/** Identity checks (register and forget share the counters) are counted over this window. */
const IDENTITY_WINDOW_MS = 15 * 60_000;
/** Code tries per client address over all challenges (each challenge allows 5). */
const CODE_TRIES_PER_ADDRESS = 25;

/** The passwords and the code typed are never sent back. */
const HIDDEN: ['password', 'confirmPassword', 'code'] = ['password', 'confirmPassword', 'code'];

/** What the page shows when no online registration or reset is offered (http mode over a vendor core). */
export const NOT_OFFERED = `ไม่สามารถลงทะเบียนหรือตั้งรหัสผ่านใหม่ทางเว็บไซต์ได้ กรุณาติดต่อสหกรณ์ โทร ${site.phone.label}`;

/**
 * What the page says to a code of a challenge made before its membership number was locked for the day
 * (ADR 094, 131): the same for every number typed, member or not. A code asked for after the lock
 * still works, so the member is told to ask for one.
 */
export function codesLockedMessage(until: number): string {
  return `กรอกรหัสยืนยันผิดเกินจำนวนครั้งที่กำหนด ระบบจึงระงับการใช้รหัสยืนยันของหมายเลขสมาชิกนี้ไว้ถึง ${formatDateTime(until)} ยกเว้นรหัสที่ขอใหม่หลังจากนี้ ซึ่งส่งไปยังอีเมลหรือโทรศัพท์ที่ท่านให้ไว้กับสหกรณ์ กรุณากรอกข้อมูลอีกครั้งเพื่อขอรหัสยืนยันใหม่ หากไม่ได้รับรหัส กรุณาติดต่อสหกรณ์ โทร ${site.phone.label}`;
}

/** The identity as the code step's hidden fields carry it (the birth date as typed: BE D/M/Y). */
export interface IdentityFields {
  membershipNo: string;
  nationalId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

/** GET of /member/register, /member/registerauth and /member/forget. */
export async function registerLoader(mode: RegisterMode) {
  const { backend } = await app();
  return json({ mode, offered: Boolean(backend.findRecoveryContact), memberScript: memberScriptSrc() });
}

/** The senders the environment configures (ADR 038): the outbox, or SMTP and an SMS gateway. */
let senders: { email?: MessageSender; sms?: MessageSender } | undefined;
function configuredSenders() {
  if (senders) return senders;
  const e = env();
  const delivery = e.OTP_DELIVERY ?? (e.demo ? 'outbox' : 'live');
  if (delivery === 'outbox') {
    const outbox = createOutboxSender(outboxDir(e.dataDir));
    senders = { email: outbox, sms: outbox };
  } else {
    senders = {
      email: e.SMTP_URL && e.MAIL_FROM ? createSmtpSender(e.SMTP_URL, e.MAIL_FROM) : undefined,
      sms:
        e.SMS_GATEWAY_URL && e.SMS_GATEWAY_KEY
          ? createSmsGatewaySender(e.SMS_GATEWAY_URL, e.SMS_GATEWAY_KEY)
          : undefined,
    };
  }
  return senders;
}

/** Tests: read the environment's senders again. */
export function resetSenders(): void {
  senders = undefined;
}

/** A Thai mobile number (06, 08, 09 + 8 digits) from what is on file, or null. */
export function mobileNumber(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/[\s\-().]/g, '').replace(/^\+66/, '0');
  return /^0[689]\d{8}$/.test(digits) ? digits : null;
}

/** Where this member's code goes: the email first, else a mobile number, when a sender is configured. */
function channelFor(contact: MemberContact): { sender: MessageSender; to: Recipient } | null {
  const { email, sms } = configuredSenders();
  if (email && contact.email) return { sender: email, to: { kind: 'email', address: contact.email } };
  const number = mobileNumber(contact.phone);
  if (sms && number) return { sender: sms, to: { kind: 'sms', number } };
  return null;
}

/** Every channel this member's contact has a configured sender for: a security notice goes to all. */
function channelsFor(contact: MemberContact): Array<{ sender: MessageSender; to: Recipient }> {
  const { email, sms } = configuredSenders();
  const number = mobileNumber(contact.phone);
  return [
    ...(email && contact.email ? [{ sender: email, to: { kind: 'email' as const, address: contact.email } }] : []),
    ...(sms && number ? [{ sender: sms, to: { kind: 'sms' as const, number } }] : []),
  ];
}

function codeKey(): string {
  return createHmac('sha256', env().sessionSecret).update('sahakorn recovery codes').digest('hex');
}

function codeText(mode: RegisterMode, code: string): string {
  const minutes = CODE_TTL_MS / 60_000;
  return (
    `รหัสยืนยันสำหรับ${REGISTER_TITLES[mode]} ${site.shortNameTh}: ${code}\n` +
    `ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้แก่ผู้อื่น เจ้าหน้าที่สหกรณ์จะไม่ขอรหัสนี้จากท่าน\n` +
    `หากท่านไม่ได้ขอรหัสนี้ ไม่ต้องทำอะไร รหัสผ่านของท่านยังไม่เปลี่ยน`
  );
}

/** The notice after a reset (no code, no password, no membership number: the member knows who they are). */
function resetNoticeText(at: number): string {
  return (
    `${site.shortNameTh}: มีการตั้งรหัสผ่านใหม่สำหรับบริการสมาชิกออนไลน์ของท่านเมื่อ ${formatDateTime(at)} ` +
    `และทุกอุปกรณ์ถูกออกจากระบบแล้ว หากท่านไม่ได้ทำรายการนี้ กรุณาติดต่อสหกรณ์ทันที โทร ${site.phone.label}`
  );
}

/**
 * Tell the member, on every contact on file, that their password was reset (ASVS 6.3.7): whoever did
 * it, the member hears of it on each channel they have. Nothing is sent when the contact cannot be
 * read (the reset stands); the sends happen in the background, as the codes' do.
 */
async function sendResetNotice(identity: IdentityCheck, ip: string | null): Promise<void> {
  const { backend } = await app();
  if (!backend.findRecoveryContact) return;
  let target;
  try {
    target = await backend.findRecoveryContact(identity, 'forget');
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return;
  }
  if (target.status === 'unknown') return;
  const text = resetNoticeText(Date.now());
  for (const { sender, to } of channelsFor(target.contact)) {
    sendLater(sender, to, `แจ้งการตั้งรหัสผ่านใหม่ ${site.shortNameTh}`, text, identity.membershipNo, ip);
  }
}

function ineligibleText(mode: RegisterMode, membershipNo: string): string {
  return mode === 'register'
    ? `สมาชิกเลขที่ ${membershipNo} ลงทะเบียนใช้บริการออนไลน์ของ${site.shortNameTh}แล้ว หากลืมรหัสผ่าน กรุณาใช้เมนู "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ`
    : `สมาชิกเลขที่ ${membershipNo} ยังไม่ได้ลงทะเบียนใช้บริการออนไลน์ของ${site.shortNameTh} กรุณาใช้เมนู "เข้าใช้งานครั้งแรก (ลงทะเบียน)"`;
}

/**
 * Hand a message over without making the visitor wait for it: the answer to the identity step is the
 * same, and as fast, whether a message goes out or not (no enumeration). A failure is logged (without
 * the address) and audited; the code page tells the member what to do when no code arrives.
 */
function sendLater(
  sender: MessageSender,
  to: Recipient,
  subject: string,
  text: string,
  membershipNo: string,
  ip: string | null,
) {
  void sender.send({ to, subject, text }).catch(async (error: unknown) => {
    const detail = error instanceof DeliveryError ? error.detail : String(error);
    log.warn('recovery code delivery failed', { channel: to.kind, detail: detail.slice(0, 200) });
    await audit('recovery_delivery_failed', { membershipNo, ip, detail: `${to.kind}: ${detail}`.slice(0, 300) }).catch(
      () => undefined,
    );
  });
}

/**
 * POST of the shared register / forgotten-password screen (ADR 038). `intent=identity` (or none): the
 * five identity fields, rate-limited; a challenge is made whatever the outcome and a code is sent only
 * when the identity matches and a contact is on file; the answer is the code step either way.
 * `intent=code`: the code, the new password and, to register, the terms; the code is used up only
 * with a password the policy accepts.
 */
export async function registerAction(mode: RegisterMode, { request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { backend, db } = await app();
  const ip = context.clientAddress ?? null;
  const intent = formData.get('intent') === 'code' ? 'code' : 'identity';

  if (!backend.findRecoveryContact) {
    context.formErrors = true;
    return json(
      {
        step: 'identity' as const,
        result: { status: 'error' as const, error: { '': [NOT_OFFERED] } },
        identity: null,
        challenge: null,
        attempt: Date.now(),
      },
      { status: 404 },
    );
  }

  if (intent === 'identity') {
    const submission = parseWithZod(formData, { schema: identitySchema });
    const fail = (status: number, result: ReturnType<typeof submission.reply>) => {
      context.formErrors = true;
      return json(
        { step: 'identity' as const, result, identity: null, challenge: null, attempt: Date.now() },
        { status },
      );
    };
    if (submission.status !== 'success') return fail(400, submission.reply());
    const input: IdentityCheck = submission.value;

    const blocked = await identityLimit(input.membershipNo, ip);
    if (blocked) {
      await audit(`${mode}_failure`, { membershipNo: input.membershipNo, ip, detail: 'rate_limited' });
      return fail(429, submission.reply({ formErrors: [REGISTER_MESSAGES.tooMany(blocked)] }));
    }
    // A number locked for the day by wrong codes still gets a fresh code: one asked for after the lock
    // is compared under its own tries (ADR 131).

    let target;
    try {
      target = await backend.findRecoveryContact(input, mode);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return fail(503, submission.reply({ formErrors: [LOGIN_MESSAGES.unavailable] }));
    }
    const reachable = target.status === 'unknown' ? null : channelFor(target.contact);
    // Messages to one member are limited per day (ADR 094); past it nothing is sent, and the answer is
    // the code page every identity step gets.
    const channel = reachable && !(await reserveCodeSend(db, input.membershipNo, codeLimits(env()))) ? null : reachable;
    if (reachable && !channel) {
      await audit('recovery_send_limited', {
        membershipNo: input.membershipNo,
        ip,
        detail: `${mode} ${target.status}`,
      });
    }
    const code = target.status === 'eligible' && channel ? newCode() : null;
    const challenge = await createChallenge(db, codeKey(), { purpose: mode, membershipNo: input.membershipNo, code });
    if (code && channel) {
      sendLater(
        channel.sender,
        channel.to,
        `รหัสยืนยัน ${site.shortNameTh}`,
        codeText(mode, code),
        input.membershipNo,
        ip,
      );
      await audit('recovery_code_sent', { membershipNo: input.membershipNo, ip, detail: `${mode} ${channel.to.kind}` });
    } else if (target.status === 'ineligible' && channel) {
      sendLater(
        channel.sender,
        channel.to,
        `${REGISTER_TITLES[mode]} ${site.shortNameTh}`,
        ineligibleText(mode, input.membershipNo),
        input.membershipNo,
        ip,
      );
      await audit(`${mode}_failure`, { membershipNo: input.membershipNo, ip, detail: 'ineligible; notice sent' });
    } else {
      const why =
        target.status === 'unknown'
          ? 'identity mismatch'
          : channel
            ? 'ineligible'
            : reachable
              ? 'daily message limit'
              : 'no contact on file';
      await audit(`${mode}_failure`, { membershipNo: input.membershipNo, ip, detail: why });
    }
    return json({
      step: 'code' as const,
      result: null,
      identity: identityFields(input),
      challenge,
      attempt: Date.now(),
    });
  }

  // ----- the code step -----
  const challenge = String(formData.get('challenge') ?? '').slice(0, 100);
  const submission = parseWithZod(formData, { schema: registerSchema(mode) });
  const identity = identitySchema.safeParse(
    Object.fromEntries(
      ['membershipNo', 'nationalId', 'firstName', 'lastName', 'birthDate'].map((k) => [k, formData.get(k)]),
    ),
  );
  if (!identity.success || !challenge) {
    // The hidden identity was altered or lost: start again.
    context.formErrors = true;
    return json(
      {
        step: 'identity' as const,
        result: { status: 'error' as const, error: { '': [REGISTER_MESSAGES.codeSpent] } },
        identity: null,
        challenge: null,
        attempt: Date.now(),
      },
      { status: 400 },
    );
  }
  const fields = identityFields(identity.data);
  const fail = (status: number, result: ReturnType<typeof submission.reply>, step: 'code' | 'identity' = 'code') => {
    context.formErrors = true;
    return json(
      {
        step,
        result,
        identity: step === 'code' ? fields : null,
        challenge: step === 'code' ? challenge : null,
        attempt: Date.now(),
      },
      { status },
    );
  };
  if (submission.status !== 'success') return fail(400, submission.reply({ hideFields: HIDDEN }));
  const { membershipNo, nationalId, firstName, lastName, birthDate, password, code } = submission.value;

  const tries = await hit(addressLimitKey('recovery:tries', ip), IDENTITY_WINDOW_MS);
  if (tries.count > CODE_TRIES_PER_ADDRESS) {
    const minutes = Math.max(1, Math.ceil((tries.resetAt - Date.now()) / 60_000));
    return fail(429, submission.reply({ formErrors: [REGISTER_MESSAGES.tooMany(minutes)], hideFields: HIDDEN }));
  }

  const policy = await passwordPolicyError(password, { membershipNo, firstName, lastName, birthDate });
  if (policy) return fail(400, submission.reply({ fieldErrors: { password: [policy] }, hideFields: HIDDEN }));

  // Wrong codes per membership number over a day, across codes (ADR 094): counted before the code is
  // compared; past the limit no code of a challenge made before the lock is accepted, the right one
  // included. A challenge made after the lock keeps its own tries (ADR 131): its code went to the
  // member's own email or phone, whoever locked the number.
  const reservation = await reserveCodeCheck(db, membershipNo, codeLimits(env()));
  const locked = async () => {
    if (reservation.ok) throw new Error('not locked');
    await audit(`${mode}_failure`, { membershipNo, ip, detail: 'codes locked' });
    return fail(
      429,
      submission.reply({ formErrors: [codesLockedMessage(reservation.lockedUntil)], hideFields: HIDDEN }),
      'identity',
    );
  };
  if (!reservation.ok && reservation.lockedSince === null) return locked();
  const madeAfter = reservation.ok ? undefined : (reservation.lockedSince ?? undefined);

  let check = await redeemCode(db, codeKey(), { token: challenge, purpose: mode, membershipNo, code, madeAfter });
  if (!reservation.ok && !check.ok && check.reason === 'spent') return locked();
  // A code staff handed over in person (ADR 060), for a member with no phone or email on file: tried
  // only within a live challenge that refused the code, so each try is counted on both; the answer to
  // a wrong code is the challenge's, whether the member has such a code or not.
  let staffCodeId: number | null = null;
  if (!check.ok && check.reason === 'wrong') {
    const staffCheck = await redeemMemberCode(db, staffCodeKey(env().sessionSecret), {
      membershipNo,
      purpose: mode,
      code,
    });
    if (staffCheck.ok) {
      staffCodeId = staffCheck.id;
      check = { ok: true };
    }
  }
  if (reservation.ok) await reservation.settle(check.ok ? 'right' : 'wrong');
  if (!check.ok) {
    await audit(`${mode}_failure`, { membershipNo, ip, detail: `code ${check.reason}` });
    if (check.reason === 'spent') {
      return fail(400, submission.reply({ formErrors: [REGISTER_MESSAGES.codeSpent], hideFields: HIDDEN }), 'identity');
    }
    return fail(
      400,
      submission.reply({ fieldErrors: { code: [REGISTER_MESSAGES.codeWrong(check.triesLeft)] }, hideFields: HIDDEN }),
    );
  }

  const input = { membershipNo, nationalId, firstName, lastName, birthDate, password };
  const meta = { ip, userAgent: request.headers.get('user-agent') };
  let outcome;
  try {
    outcome =
      mode === 'register'
        ? await backend.registerMember(input, meta)
        : await backend.resetForgottenPassword(input, meta);
  } catch (error) {
    const diskFull = isDiskFull(error);
    if (!diskFull && !isUnavailable(error)) throw error;
    if (diskFull) reportDiskFull('password set by code', error);
    // Nothing was set: the same code may be tried again while it lasts.
    await releaseCode(db, challenge).catch(() => undefined);
    if (staffCodeId !== null) await releaseMemberCode(db, staffCodeId).catch(() => undefined);
    const message = diskFull ? DISK_FULL_MESSAGE : LOGIN_MESSAGES.unavailable;
    return fail(503, submission.reply({ formErrors: [message], hideFields: HIDDEN }));
  }
  if (!outcome.ok) {
    // The code staff handed over is kept for a corrected identity (its tries still count).
    if (staffCodeId !== null) await releaseMemberCode(db, staffCodeId);
    const detail = outcome.errors.join('; ').slice(0, 300);
    await audit(`${mode}_failure`, { membershipNo, ip, detail });
    return fail(400, submission.reply({ formErrors: outcome.errors, hideFields: HIDDEN }), 'identity');
  }
  let factorRemoved = false;
  let factorKept = false;
  if (mode === 'forget') {
    // Whoever held the old password is signed out everywhere, web sessions and API tokens alike, and
    // the member, who proved who they are, signs in at once (ADR 036, 037).
    await signOutEverywhere(membershipNo);
    await forgetLoginFailures((await app()).db, membershipNo);
    // A reset does not get round the second factor (ADR 132, ASVS 6.4.3): a code sent to the email or
    // phone on file keeps it, and signing in still asks for its code. Only a code support staff handed
    // over after seeing the member's identity card removes it (ADR 091).
    if (staffCodeId !== null) factorRemoved = await removeSecondFactor(membershipNo);
    else factorKept = await secondFactorEnabled(membershipNo);
    await sendResetNotice({ membershipNo, nationalId, firstName, lastName, birthDate }, ip);
  }
  const by = staffCodeId !== null ? 'staff-issued code' : null;
  await audit(`${mode}_success`, { membershipNo, ip, detail: by });
  if (factorRemoved) await audit('totp_cleared_by_reset', { membershipNo, ip, detail: by ?? 'code sent' });
  const text = factorRemoved
    ? `${outcome.message} ${SECOND_FACTOR_MESSAGES.clearedByReset}`
    : factorKept
      ? `${outcome.message} ${SECOND_FACTOR_MESSAGES.keptAfterReset}`
      : outcome.message;
  return redirect('/member/logon', {
    headers: {
      'Set-Cookie': await setFlash({ kind: 'success', text }),
    },
  });
}

/** Counts a well-formed identity step; returns the minutes to wait when over a limit, else 0. */
async function identityLimit(membershipNo: string, ip: string | null): Promise<number> {
  const now = Date.now();
  const limits = env();
  const [byAddress, byMember] = await Promise.all([
    hit(addressLimitKey('identity', ip), IDENTITY_WINDOW_MS, now),
    hit(`identity:member:${membershipNo}`, IDENTITY_WINDOW_MS, now),
  ]);
  const blockedUntil = Math.max(
    byAddress.count > limits.IDENTITY_MAX_PER_ADDRESS ? byAddress.resetAt : 0,
    byMember.count > limits.IDENTITY_MAX_PER_MEMBER ? byMember.resetAt : 0,
  );
  return blockedUntil > now ? Math.max(1, Math.ceil((blockedUntil - now) / 60_000)) : 0;
}

function identityFields(input: IdentityCheck): IdentityFields {
  return { ...input, birthDate: formatDateDMY(input.birthDate) };
}
