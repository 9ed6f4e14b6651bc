const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text made safe inside markup we write as a string (HTML text and attribute values, SVG): `& < > "`
 * as entities. Isomorphic. (The vendor API's board rows have their own, in its numeric form.)
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}
