import { describe, expect, it } from 'vitest';

import { richTextToPlain, sanitizeRichText } from './sanitize.server';

/** Everything that would run script, load active content or submit somewhere if it survived. */
function assertInert(html: string): void {
  expect(html).not.toMatch(/<\s*(script|style|iframe|frame|object|embed|svg|math|form|input|button|base|link|meta)/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data|livescript)\s*:/i);
  expect(html).not.toMatch(/\s(style|srcdoc|formaction|action|xlink:href|background|dynsrc|lowsrc)\s*=/i);
  expect(html).not.toMatch(/expression\s*\(/i);
}

describe('sanitizeRichText keeps the allowed markup', () => {
  it('keeps bold, underline, italic, paragraphs and lists unchanged', () => {
    const html =
      '<p><b>ตัวหนา</b> <strong>หนา</strong> <u>ขีดเส้นใต้</u> <i>เอียง</i> <em>เน้น</em></p><ul><li>หนึ่ง</li></ul><ol><li>สอง</li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps http, https and relative links, adding rel', () => {
    expect(sanitizeRichText('<a href="https://example.org/a?b=1">ลิงก์</a>')).toBe(
      '<a href="https://example.org/a?b=1" rel="noopener noreferrer">ลิงก์</a>',
    );
    expect(sanitizeRichText('<a href="http://example.org">x</a>')).toContain('href="http://example.org"');
    expect(sanitizeRichText('<a href="/list/news">ข่าว</a>')).toContain('href="/list/news"');
  });

  it('keeps images with their size and makes them load lazily', () => {
    expect(sanitizeRichText('<img src="/mediafiles/images/a.png" alt="ภาพ" width="800" height="450">')).toBe(
      '<img src="/mediafiles/images/a.png" alt="ภาพ" width="800" height="450" loading="lazy" decoding="async" />',
    );
  });

  it('keeps headings, line breaks and quotations but not the page heading level', () => {
    expect(sanitizeRichText('<h2>หัวข้อ</h2><p>ก<br>ข</p><blockquote>คำพูด</blockquote>')).toBe(
      '<h2>หัวข้อ</h2><p>ก<br />ข</p><blockquote>คำพูด</blockquote>',
    );
    expect(sanitizeRichText('<h1>ชื่อ</h1>')).toBe('ชื่อ');
  });

  it('keeps Thai text and entities intact', () => {
    expect(sanitizeRichText('<p>น้ำใจ &amp; ที่ดิน &lt;ตัวอย่าง&gt;</p>')).toBe('<p>น้ำใจ &amp; ที่ดิน &lt;ตัวอย่าง&gt;</p>');
  });
});

/** Each vector and what must be left of it (the allowed text, nothing active). */
const XSS: readonly (readonly [name: string, input: string, expected: string])[] = [
  ['script tag', '<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
  ['script with src', '<script src="https://evil.example/x.js"></script>', ''],
  ['upper-case script', '<SCRIPT>alert(1)</SCRIPT>', ''],
  ['unclosed script', '<p>a</p><script>alert(1)', '<p>a</p>'],
  ['script split by a nested tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['img onerror', '<img src=x onerror="alert(1)">', '<img src="x" loading="lazy" decoding="async" />'],
  ['p onclick', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
  ['body onload', '<body onload=alert(1)><p>x</p>', '<p>x</p>'],
  ['event handler without quotes or spaces', '<a/onmouseover=alert(1)>x</a>', '<a rel="noopener noreferrer">x</a>'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  ['JavaScript: mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  ['javascript: with a tab inside', '<a href="java\tscript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  ['javascript: with leading spaces', '<a href="  javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  ['javascript: entity-encoded', '<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  ['javascript: hex entities', '<a href="&#x6A;&#x61;vascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  [
    'javascript: with a newline entity',
    '<a href="jav&#x0A;ascript:alert(1)">x</a>',
    '<a rel="noopener noreferrer">x</a>',
  ],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
  [
    'data: link',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a rel="noopener noreferrer">x</a>',
  ],
  ['data: picture', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img loading="lazy" decoding="async" />'],
  ['javascript: picture', '<img src="javascript:alert(1)">', '<img loading="lazy" decoding="async" />'],
  ['protocol-relative link', '<a href="//evil.example">x</a>', '<a rel="noopener noreferrer">x</a>'],
  [
    'mailto and tel are not http(s)',
    '<a href="mailto:a@b.example">m</a><a href="tel:021234567">t</a>',
    '<a rel="noopener noreferrer">m</a><a rel="noopener noreferrer">t</a>',
  ],
  ['svg onload', '<svg onload=alert(1)></svg>', ''],
  ['svg with script inside', '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>', ''],
  ['math with a link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>', ''],
  ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
  ['CSS expression', '<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
  ['style element', '<style>@import "https://evil.example/x.css"; body{background:red}</style><p>x</p>', '<p>x</p>'],
  ['iframe', '<iframe src="https://evil.example"></iframe>', ''],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['object', '<object data="https://evil.example/x.swf"></object>', ''],
  ['embed', '<embed src="https://evil.example/x.swf">', ''],
  ['form with formaction', '<form><button formaction="javascript:alert(1)">ส่ง</button></form>', 'ส่ง'],
  ['input autofocus onfocus', '<input autofocus onfocus=alert(1)>', ''],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  [
    'base href',
    '<base href="https://evil.example/"><a href="/x">x</a>',
    '<a href="/x" rel="noopener noreferrer">x</a>',
  ],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">', ''],
  ['details ontoggle', '<details open ontoggle=alert(1)><summary>x</summary></details>', 'x'],
  [
    'attribute breaking out of quotes',
    '<img src="x" alt="a" onerror="alert(1)" x="">',
    '<img src="x" alt="a" loading="lazy" decoding="async" />',
  ],
  ['HTML comment hiding a script', '<!--<script>alert(1)</script>--><p>x</p>', '<p>x</p>'],
  ['nested and unclosed tags', '<p><b><i>ก<u>ข', '<p><b><i>ก<u>ข</u></i></b></p>'],
  [
    'target and id attributes',
    '<a href="https://example.org" target="_blank" id="x">x</a>',
    '<a href="https://example.org" rel="noopener noreferrer">x</a>',
  ],
  ['template with script', '<template><script>alert(1)</script></template><p>x</p>', '<p>x</p>'],
  ['noscript trick', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
];

describe('sanitizeRichText removes active content (XSS corpus)', () => {
  it('has a corpus of at least 25 vectors', () => {
    expect(XSS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(XSS)('%s', (_name, input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    assertInert(output);
  });

  it('is stable: sanitising the output again changes nothing', () => {
    for (const [, input] of XSS) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});

describe('sanitizeRichText tables', () => {
  it('keeps a table with caption, header scope and spans, and drops its styling and handlers', () => {
    const html =
      '<table style="color:red" onclick="x()"><caption>อัตรา</caption><thead><tr><th scope="col" class="a">ประเภท</th></tr></thead>' +
      '<tbody><tr><td colspan="2" onmouseover="y()">ออมทรัพย์</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(
      '<table><caption>อัตรา</caption><thead><tr><th scope="col">ประเภท</th></tr></thead>' +
        '<tbody><tr><td colspan="2">ออมทรัพย์</td></tr></tbody></table>',
    );
  });
});

describe('richTextToPlain', () => {
  it('separates blocks, decodes entities and collapses whitespace', () => {
    expect(richTextToPlain('<p>หนึ่ง</p><p>สอง&nbsp;&amp; สาม</p>\n<ul><li>ก</li><li>ข</li></ul>')).toBe(
      'หนึ่ง สอง & สาม ก ข',
    );
    expect(richTextToPlain('ก<br>ข &#3585; &#x0E01; &lt;b&gt;')).toBe('ก ข ก ก <b>');
  });

  it('drops scripts and styles with their content', () => {
    expect(richTextToPlain('<script>alert(1)</script><style>p{}</style><p>ข้อความ</p>')).toBe('ข้อความ');
    expect(richTextToPlain('<svg><title>ภาพ</title></svg><textarea><p>ไม่</p></textarea>ค<!-- ก -->')).toBe('ค');
  });

  it('keeps a word whole across inline tags, and reads markup left open', () => {
    expect(richTextToPlain('<b>สห</b>กรณ์ <a href="/x">ออม<i>ทรัพย์</i></a>')).toBe('สหกรณ์ ออมทรัพย์');
    expect(richTextToPlain('<p>ไม่ปิด <a href="x')).toBe('ไม่ปิด');
  });
});
