import { appPath, fileVersion } from './app-root.server';

/**
 * The one enhancement script of the public pages (ADR 013): plain JavaScript in `public/`, served
 * as `/enhance.js?v=<hash of its content>`. server.js marks the versioned URL immutable, so
 * browsers keep it for a year and a new release is fetched at once.
 */
export const ENHANCE_SCRIPT_PATH = '/enhance.js';

/** `public/enhance.js` in the app's folder. */
export const enhanceScriptFile = (): string => appPath('public', 'enhance.js');

/** First 12 hex digits of the script's SHA-256; null if the file is missing. */
export const enhanceScriptVersion = (): string | null => fileVersion(enhanceScriptFile());

/** The script's URL for `<script src>`. */
export function enhanceScriptSrc(): string {
  const v = enhanceScriptVersion();
  return v ? `${ENHANCE_SCRIPT_PATH}?v=${v}` : ENHANCE_SCRIPT_PATH;
}

/**
 * The one script of the member area's entry pages (ADR 068): login, register and forgotten password,
 * which do not hydrate. Served the same way, as `/member-entry.js?v=<hash of its content>`.
 */
export const ENTRY_SCRIPT_PATH = '/member-entry.js';

/** First 12 hex digits of the entry script's SHA-256; null if the file is missing. */
export const entryScriptVersion = (): string | null => fileVersion(appPath('public', 'member-entry.js'));

/** The entry script's URL for `<script src>`. */
export function entryScriptSrc(): string {
  const v = entryScriptVersion();
  return v ? `${ENTRY_SCRIPT_PATH}?v=${v}` : ENTRY_SCRIPT_PATH;
}
