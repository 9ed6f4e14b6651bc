import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a TOTP shared secret, fresh recovery codes waiting to be shown)
 * are stored sealed with AES-256-GCM under a key derived from SESSION_SECRET with HKDF (ADR 040): a copy
 * of the database alone reveals none of them. A value is sealed under the current secret's key and opened
 * under any key still listed (SESSION_SECRET_PREVIOUS, ADR 124); one sealed under a secret no longer
 * listed is unreadable, which `openSealed` reports as null (the member enrols again).
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

/** The sealing keys for one purpose, one per listed secret, the current one first. */
export function sealingKeys(appSecrets: readonly string[], purpose: string): Buffer[] {
  return appSecrets.map((secret) => sealingKey(secret, purpose));
}

/** The plaintext, or null when the value was sealed with none of `keys` or was altered. */
export function openSealed(sealed: string, keys: Buffer | readonly Buffer[]): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) return null;
  for (const key of Buffer.isBuffer(keys) ? [keys] : keys) {
    const opened = openWith(key, iv, body, tag);
    if (opened !== null) return opened;
  }
  return null;
}

function openWith(key: Buffer, iv: string, body: string, tag: string): string | null {
  try {
    // The full 16-byte tag only: GCM would otherwise accept a tag cut short, which is easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
