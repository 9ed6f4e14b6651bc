import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';

/**
 * How one-time codes reach members (ADR 038): a small interface with three implementations — email
 * over SMTP (nodemailer), SMS through an HTTP gateway, and an outbox of files under DATA_DIR that the
 * demo and the tests read. Which ones run is configured by env (`deliveryFromEnv` in flow.server).
 */
export type Recipient = { kind: 'email'; address: string } | { kind: 'sms'; number: string };

export interface OutgoingMessage {
  to: Recipient;
  /** The email's subject (an SMS has none). */
  subject: string;
  text: string;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** A message could not be handed over; `message` is Thai, `detail` (for the log) says why. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

export const DELIVERY_MESSAGES = {
  email: 'ส่งอีเมลไม่สำเร็จ กรุณาลองใหม่อีกครั้ง หรือติดต่อสหกรณ์',
  sms: 'ส่งข้อความ SMS ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง หรือติดต่อสหกรณ์',
} as const;

/** Every send gives up after this long (SMTP connection, greeting and socket; the SMS request). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Email over SMTP: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function createSmtpSender(url: string, from: string, timeoutMs = DELIVERY_TIMEOUT_MS): MessageSender {
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send({ to, subject, text }) {
      if (to.kind !== 'email') throw new DeliveryError(DELIVERY_MESSAGES.email, 'smtp: not an email recipient');
      try {
        await transport.sendMail({ from, to: to.address, subject, text });
      } catch (error) {
        throw new DeliveryError(DELIVERY_MESSAGES.email, `smtp: ${withoutAddresses((error as Error).message)}`);
      }
    },
  };
}

/**
 * An SMTP error's text for the log and the audit detail: a refusal quotes the recipient
 * (`550 <somchai@…>: user unknown`), which is the member's address and must not be logged; every
 * address in it is replaced. Bounded before the pattern runs.
 */
function withoutAddresses(text: string): string {
  return text
    .slice(0, 1000)
    .split(/([\s<>"'(),;:]+)/)
    .map((part) => (part.includes('@') ? '<address>' : part))
    .join('')
    .slice(0, 300);
}

/**
 * SMS through an HTTP gateway: `POST <url>` with `{"to": "<number>", "text": "<message>"}` as JSON and
 * `Authorization: Bearer <key>`; any 2xx is success. A gateway with another body needs a small
 * adapter in front of it.
 */
export function createSmsGatewaySender(url: string, key: string, timeoutMs = DELIVERY_TIMEOUT_MS): MessageSender {
  return {
    async send({ to, text }) {
      if (to.kind !== 'sms') throw new DeliveryError(DELIVERY_MESSAGES.sms, 'sms: not a phone recipient');
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${key}` },
          body: JSON.stringify({ to: to.number, text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : String(error);
        throw new DeliveryError(DELIVERY_MESSAGES.sms, `sms: ${reason}`.slice(0, 300));
      }
      // The body is not needed; read it so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new DeliveryError(DELIVERY_MESSAGES.sms, `sms: gateway answered ${response.status}`);
    },
  };
}

/** A message kept in the outbox. */
export interface OutboxEntry extends OutgoingMessage {
  /** Epoch milliseconds. */
  at: number;
}

/** The outbox folder below DATA_DIR. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Messages written as JSON files, one per message (demo and tests: nothing leaves the machine). */
export function createOutboxSender(dir: string, now: () => number = Date.now): MessageSender {
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const at = now();
      const name = `${String(at).padStart(15, '0')}-${randomBytes(6).toString('hex')}.json`;
      const entry: OutboxEntry = { at, ...message };
      // Written aside and renamed, so a reader never sees half a message.
      const aside = path.join(dir, `.${name}`);
      await fs.writeFile(aside, JSON.stringify(entry), { mode: 0o600 });
      await fs.rename(aside, path.join(dir, name));
    },
  };
}

/** The newest `limit` messages of the outbox, newest first (none when it does not exist). */
export async function readOutbox(dir: string, limit = 50): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const newest = names
    .filter((n) => /^\d{15}-[0-9a-f]{12}\.json$/.test(n))
    .sort()
    .reverse()
    .slice(0, limit);
  const entries: OutboxEntry[] = [];
  for (const name of newest) {
    try {
      entries.push(JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxEntry);
    } catch {
      // Removed meanwhile: skip it.
    }
  }
  return entries;
}
