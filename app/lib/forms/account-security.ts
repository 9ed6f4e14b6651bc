/**
 * The account-security page's forms (/member/security): each change is its own form, named by its
 * `intent`. No zod here: the page hydrates and imports these (ADR 077); the schema is
 * `account-security-schema.ts`, parsed on the server.
 */
export const SECURITY_INTENTS = [
  'start',
  'cancel',
  'confirm',
  'dismiss-codes',
  'regenerate',
  'disable',
  'end-session',
  'revoke-token',
  'end-others',
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

/** Ids on this page are SHA-256 hex; codes and passwords are short. Nothing longer is read. */
export const SECURITY_FIELD_MAX = 200;
