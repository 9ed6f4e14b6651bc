import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The one enhancement script of the public pages (ADR 013): plain JavaScript in `public/`, served
 * as `/enhance.js?v=<hash of its content>`. server.js marks the versioned URL immutable, so
 * browsers keep it for a year and a new release is fetched at once.
 */
export const ENHANCE_SCRIPT_PATH = '/enhance.js';

/** `public/enhance.js` relative to the working directory (the app root, as for server.js). */
export const enhanceScriptFile = (): string => path.join(process.cwd(), 'public', 'enhance.js');

let version: string | null | undefined;

/** First 12 hex digits of the script's SHA-256, read once; null if the file is missing. */
export function enhanceScriptVersion(): string | null {
  if (version === undefined) {
    try {
      version = createHash('sha256').update(fs.readFileSync(enhanceScriptFile())).digest('hex').slice(0, 12);
    } catch {
      version = null;
    }
  }
  return version;
}

/** The script's URL for `<script src>`. */
export function enhanceScriptSrc(): string {
  const v = enhanceScriptVersion();
  return v ? `${ENHANCE_SCRIPT_PATH}?v=${v}` : ENHANCE_SCRIPT_PATH;
}
