import { Parser } from 'htmlparser2';
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

/** Elements after whose end the words of the next one are a new word (a block, a line break). */
const BLOCKS = new Set(['p', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'div', 'td', 'th']);
const NON_TEXT = new Set(RICH_TEXT.nonTextTags);

/**
 * The words of rich text as one line of plain text (for meta descriptions and excerpts): tags
 * removed with what code or markup elements hold, block ends turned into spaces, entities decoded,
 * whitespace collapsed. Read with the HTML parser that `sanitize-html` itself uses (`htmlparser2`),
 * without the sanitiser's allow-list work: nothing of it is kept as markup.
 */
export function richTextToPlain(html: string): string {
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (NON_TEXT.has(name)) hidden += 1;
      },
      onclosetag(name) {
        if (NON_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCKS.has(name)) text += ' ';
      },
      ontext(words) {
        if (hidden === 0) text += words;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return text.replace(/\s+/g, ' ').trim();
}
