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

/** Where a block ends or a line breaks: the plain text gets a space there. */
const BLOCK_END = /<\/(p|li|h[1-6]|blockquote|div|td|th)\s*>|<br\s*\/?>/gi;

/**
 * The words of rich text as one line of plain text (for meta descriptions and excerpts): tags
 * removed, block ends turned into spaces, entities decoded, whitespace collapsed.
 *
 * Every topic list takes ten bodies' words for its excerpts, and the HTML parser costs tens of
 * microseconds a call even for a short body. Bodies as the editor writes them (ordinary tags with
 * quoted attributes, `&amp;`-style entities) are read by `plainOfSimpleMarkup` instead, which
 * answers the same text; anything else goes through the parser (`plainThroughParser`).
 */
export function richTextToPlain(html: string): string {
  const spaced = html.replace(BLOCK_END, '$& ');
  return collapse(plainOfSimpleMarkup(spaced) ?? parsedText(spaced));
}

/** `richTextToPlain` through the HTML parser always: what the quick way must answer. */
export function plainThroughParser(html: string): string {
  return collapse(parsedText(html.replace(BLOCK_END, '$& ')));
}

function parsedText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: RICH_TEXT.nonTextTags });
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Tags whose words the HTML parser reads as text like any other (no raw text, no foreign content):
 * the allowed ones and the common ones pasted from word processors.
 */
const TEXT_TAGS = new Set([
  ...(RICH_TEXT.allowedTags || []),
  ...['div', 'span', 'h1', 'h5', 'h6', 'hr', 'sup', 'sub', 's', 'small', 'font'],
]);
const WS = '[ \\t\\n\\f\\r]';
const ATTRIBUTE = `${WS}+[^\\s"'<>/=]+(?:${WS}*=${WS}*(?:"[^"]*"|'[^']*'|[^\\s"'=<>\`]+))?`;
/**
 * One piece of simple markup: text without `<`, `&` or NUL; a start or end tag of a plain name with
 * quoted or plain attributes; one of `ENTITIES` spelled in full; an `&` that starts no entity or a `<`
 * that starts no tag (the parser keeps both as text).
 */
const SIMPLE_PIECE = new RegExp(
  `([^<&\\0]+)|<\\/?([a-zA-Z][a-zA-Z0-9]*)(?:${ATTRIBUTE})*${WS}*\\/?>|&(amp|lt|gt|quot|apos|nbsp);|(&(?![a-zA-Z0-9#])|<(?=[ \\t\\n\\f\\r0-9]))`,
  'y',
);

/** The text of `html` when it is simple markup (see `SIMPLE_PIECE`, `TEXT_TAGS`), else null. */
export function plainOfSimpleMarkup(html: string): string | null {
  let text = '';
  SIMPLE_PIECE.lastIndex = 0;
  while (SIMPLE_PIECE.lastIndex < html.length) {
    const piece = SIMPLE_PIECE.exec(html);
    if (!piece) return null;
    const [, words, tag, entity, literal] = piece;
    if (words !== undefined) text += words;
    else if (tag !== undefined) {
      if (!TEXT_TAGS.has(tag.toLowerCase())) return null;
    } else if (entity !== undefined) text += ENTITIES[entity];
    else text += literal;
  }
  return text;
}
