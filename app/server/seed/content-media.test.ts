import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

import { pdfText } from '../../../tests/support/pdf-text';
import { site } from '../../config/site';
import { sniffImageType } from '../content/content-image.server';
import { DEMO_MEDIA, MISSING_COVER, REFUSED_COVER, buildContent } from './content-build';
import { PHOTO_SCENES, Raster, demoPdf, encodePng, paintPhoto, photoLook, writeDemoMedia } from './content-media';
import { createRng } from './rng';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('encodePng', () => {
  it('writes a PNG whose pixels decode back to the raster', () => {
    const r = new Raster(3, 2).gradient([255, 0, 0], [0, 0, 255]).rect(1, 0, 1, 2, [0, 255, 0]);
    const png = encodePng(r.width, r.height, r.data);
    expect(sniffImageType(png)).toBe('png');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    // IDAT: "up" filtered rows; undo the filter and compare.
    const idatAt = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    const stride = 9;
    const pixels = new Uint8Array(18);
    for (let y = 0; y < 2; y++) {
      expect(raw[y * (stride + 1)]).toBe(2);
      for (let i = 0; i < stride; i++) {
        const above = y ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
        pixels[y * stride + i] = ((raw[y * (stride + 1) + 1 + i] ?? 0) + above) & 0xff;
      }
    }
    expect([...pixels]).toEqual([...r.data]);
    expect([...r.data.subarray(3, 6)]).toEqual([0, 255, 0]);
  });
});

describe('demoPdf', () => {
  it('is a Thai document a cooperative could publish as a sample, with no English placeholder', () => {
    const pdf = demoPdf('files/download/form-01.pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const extracted = pdfText(pdf);
    if (process.env.CI) expect(extracted, 'pdftotext (poppler-utils) is installed in CI').not.toBeNull();
    if (extracted === null) return;
    const text = extracted.replaceAll('\u0e33\u0e32', '\u0e33');
    expect(text).toContain(site.nameTh);
    expect(text).toContain('เอกสารตัวอย่าง');
    expect(text).not.toMatch(/[A-Za-z]{3,}/);
  });
});

/** The mean colour of each cell of a 8×4 grid over the picture. */
function signature(r: Raster): number[] {
  const out: number[] = [];
  for (let gy = 0; gy < 4; gy++) {
    for (let gx = 0; gx < 8; gx++) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = Math.floor((gy * r.height) / 4); y < ((gy + 1) * r.height) / 4; y += 3) {
        for (let x = Math.floor((gx * r.width) / 8); x < ((gx + 1) * r.width) / 8; x += 3) {
          const i = (y * r.width + x) * 3;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (r.data[i + c] ?? 0);
          n++;
        }
      }
      out.push(...sum.map((v) => v / n));
    }
  }
  return out;
}

describe('demo photos', () => {
  const photos = DEMO_MEDIA.photos.filter((f) => /photo-\d+\.png$/.test(f));

  it('show a different scene or palette in every picture, each plainly unlike the others', () => {
    expect(photos.length).toBeGreaterThanOrEqual(PHOTO_SCENES.length);
    const looks = photos.map((f) => JSON.stringify(photoLook(f)));
    expect(new Set(looks).size).toBe(photos.length);
    expect(new Set(photos.map((f) => photoLook(f).scene))).toEqual(new Set(PHOTO_SCENES));
    const sigs = photos.map((f) => signature(paintPhoto(f)));
    for (let a = 0; a < sigs.length; a++) {
      for (let b = a + 1; b < sigs.length; b++) {
        const x = sigs[a] ?? [];
        const y = sigs[b] ?? [];
        // Mean difference per colour channel and cell, on 0–255.
        const distance = x.reduce((sum, v, i) => sum + Math.abs(v - (y[i] ?? 0)), 0) / x.length;
        expect(distance, `${photos[a]} vs ${photos[b]}`).toBeGreaterThan(12);
      }
    }
  });

  it('is the same picture for the same name, and stays small', () => {
    for (const f of photos) {
      const png = paintPhoto(f).toPng();
      expect(png.equals(paintPhoto(f).toPng())).toBe(true);
      expect(png.length).toBeLessThan(40 * 1024);
    }
  });

  it('gives the newest illustrated items different covers', () => {
    const content = buildContent(createRng(3), Date.UTC(2025, 5, 15, 3), 100);
    const covers = [...content.items]
      .sort((a, b) => Number(b.posted_at) - Number(a.posted_at))
      .flatMap((i) => (i.cover_image && photos.includes(i.cover_image) ? [i.cover_image] : []))
      .slice(0, photos.length);
    expect(covers).toHaveLength(photos.length);
    expect(new Set(covers).size).toBe(covers.length);
  });
});

describe('demo media', () => {
  it('covers every file the seeded content refers to, except the one meant to be missing', () => {
    const content = buildContent(createRng(3), Date.UTC(2025, 5, 15, 3), 100);
    const referenced = new Set([
      ...content.items.flatMap((i) => (i.cover_image ? [i.cover_image] : [])),
      ...content.gallery.map((g) => g.file),
      ...content.attachments.map((a) => a.file),
    ]);
    const written = new Set([...DEMO_MEDIA.photos, ...DEMO_MEDIA.banners, ...DEMO_MEDIA.pdfs, ...DEMO_MEDIA.refused]);
    expect([...referenced].filter((f) => !written.has(f))).toEqual([MISSING_COVER]);
    expect(referenced.has(REFUSED_COVER)).toBe(true);
  });

  it('writes small files once and leaves existing ones alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-demo-media-'));
    dirs.push(dir);
    const manifest = {
      photos: ['images/content/photo-01.png'],
      banners: ['images/banner/banner-01.png'],
      pdfs: ['files/a.pdf'],
      refused: ['images/content/infographic.svg'],
    };
    expect(writeDemoMedia(dir, manifest)).toBe(4);
    const photo = fs.readFileSync(path.join(dir, 'images', 'content', 'photo-01.png'));
    expect(sniffImageType(photo)).toBe('png');
    expect(photo.length).toBeLessThan(15 * 1024);
    expect(fs.readFileSync(path.join(dir, 'images', 'content', 'infographic.svg'), 'utf8')).toContain('<svg');
    fs.writeFileSync(path.join(dir, 'files', 'a.pdf'), 'replaced');
    expect(writeDemoMedia(dir, manifest)).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'files', 'a.pdf'), 'utf8')).toBe('replaced');
  });
});
