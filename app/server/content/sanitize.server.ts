import sanitizeHtml from 'sanitize-html';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'img', 'h2', 'h3', 'h4', 'blockquote'],
    // Tables that staff write (ADR 061): structure only, no styling attributes.
    ...['table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  },
  // Absolute links and pictures: http and https only. Relative URLs ("/list/news") stay.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Unknown tags go with everything inside them only where the content is code or markup.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    // Pictures in a body are below the title: load them when they come into view.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/**
 * Rich text from the store is rendered only through this allow-list (ADR 006, 011): bold,
 * underline, italic, paragraphs, lists, headings, line breaks, tables, links and images (http/https
 * or relative URLs only). Everything else — scripts, event handlers, styles, frames, forms, SVG — goes.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The words of rich text as one line of plain text (for meta descriptions and excerpts): tags
 * removed, block ends turned into spaces, entities decoded, whitespace collapsed.
 */
export function richTextToPlain(html: string): string {
  const spaced = html.replace(/<\/(p|li|h[1-6]|blockquote|div|td|th)\s*>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: RICH_TEXT.nonTextTags });
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
