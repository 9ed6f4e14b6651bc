import { clientScriptSrc } from './app-root.server';

/**
 * The one enhancement script of the public pages (ADR 013): `app/client/enhance.ts`, bundled with a
 * content hash in its name (ADR 103), so the URL changes with every release and is kept for a year.
 * Public pages load it through a hashed inline loader (ADR 034).
 */
export const enhanceScriptSrc = (): string => clientScriptSrc('enhance');

/**
 * The one script of the member area's pages that do not hydrate (ADR 068, ADR 085): login,
 * register, forgotten password and every member page without a React form. `app/client/member.ts`,
 * bundled the same way.
 */
export const memberScriptSrc = (): string => clientScriptSrc('member');

/** The one script of the staff back office's pages (ADR 116): `app/client/staff.ts`, bundled the same way. */
export const staffScriptSrc = (): string => clientScriptSrc('staff');
