import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Text compared without spaces and Thai marks: pdfkit maps a shaped cluster's glyphs back to text in
 * glyph order (sara am as two glyphs, a tone mark after the next letter), so extraction shuffles them.
 */
export const plain = (text: string) => text.replace(/ำา/g, 'ำ').replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\s]/g, '');

/** The PDF's text as a reader extracts it (poppler's pdftotext), or null where poppler is missing. */
export function pdfText(bytes: Buffer): string | null {
  if (spawnSync('pdftotext', ['-v']).error) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kep-pdf-'));
  try {
    const file = path.join(dir, 'kep.pdf');
    fs.writeFileSync(file, bytes);
    const out = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    return out.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
