/**
 * The inline script that loads one of this site's script files (ADR 034). The CSP has
 * `'strict-dynamic'`, under which a `<script src>` runs only with the page's nonce; public pages
 * carry no nonce (a shared cache keeps them, ADR 014), so they load their file with this small
 * inline script instead, which the CSP allows by its SHA-256 (the text is the same for every
 * request of a build), and which the browser lets load the file because a trusted script inserted it.
 */
export function scriptLoader(src: string): string {
  // JSON.stringify makes a JavaScript string; `<` is escaped so the text can never close its element.
  const url = JSON.stringify(src).replace(/</g, '\\u003c');
  return `(function(d){var s=d.createElement("script");s.src=${url};d.body.appendChild(s)})(document)`;
}
