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
 * The one script of the member area's pages that do not hydrate (ADR 068, ADR 085): login,
 * register, forgotten password and every member page without a React form. Served the same way,
 * as `/member.js?v=<hash of its content>`.
 */
export const MEMBER_SCRIPT_PATH = '/member.js';

/** First 12 hex digits of the entry script's SHA-256; null if the file is missing. */
export const memberScriptVersion = (): string | null => fileVersion(appPath('public', 'member.js'));

/** The entry script's URL for `<script src>`. */
export function memberScriptSrc(): string {
  const v = memberScriptVersion();
  return v ? `${MEMBER_SCRIPT_PATH}?v=${v}` : MEMBER_SCRIPT_PATH;
}
