import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a TOTP shared secret, fresh recovery codes waiting to be shown)
 * are stored sealed with AES-256-GCM under a key derived from SESSION_SECRET with HKDF (ADR 040): a copy
 * of the database alone reveals none of them. Changing SESSION_SECRET makes them unreadable, which
 * `openSealed` reports as null (the member enrols again).
 */
const VERSION = 'v1';

/** The sealing key for one purpose, derived from the app's secret. */
export function sealingKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'sahakorn-seal', purpose, 32));
}

export function seal(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

/** The plaintext, or null when the value was not sealed with this key or was altered. */
export function openSealed(sealed: string, key: Buffer): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    // The full 16-byte tag only: GCM would otherwise accept a tag cut short, which is easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
