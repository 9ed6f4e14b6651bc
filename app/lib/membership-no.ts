/**
 * The spec's padding of a membership number (spec §5), on its own so the member area's script
 * (app/client/member.ts) bundles this and nothing else of thai-format, which re-exports it.
 */

/** Left-pads a 1–6 digit membership number to 6 digits; anything else is returned trimmed. */
export function padMembershipNo(raw: string): string {
  const trimmed = raw.trim();
  return /^\d{1,6}$/.test(trimmed) ? trimmed.padStart(6, '0') : trimmed;
}
