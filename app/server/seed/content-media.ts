/**
 * Demo media for the public website, drawn in code so the repository carries no photos: a tiny
 * PNG encoder (node:zlib), a few painters (scenes, banners, the default pictures of spec §2) and
 * one-page PDFs for attachments. Everything is deterministic: the same file name gives the same bytes.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

import PDFDocument from 'pdfkit';

import { site } from '../../config/site';
import type { DefaultImageKind } from '../coop/types';

type Rgb = readonly [number, number, number];

/** An `#rrggbb` colour (as the stylesheet writes them) as RGB. */
function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 0xff, n & 0xff];
}

/** The two ends of a top-to-bottom gradient. */
type Gradient = readonly [top: Rgb, bottom: Rgb];

/** The n-th entry of a non-empty list, counting round again past its end. */
const cycle = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/** An RGB raster with a few filled shapes; no anti-aliasing (flat areas keep the PNGs small). */
export class Raster {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 3);
  }

  private set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.data[i] = r;
    this.data[i + 1] = g;
    this.data[i + 2] = b;
  }

  /** Vertical gradient over the whole raster. */
  gradient(top: Rgb, bottom: Rgb): this {
    for (let y = 0; y < this.height; y++) {
      const t = this.height > 1 ? y / (this.height - 1) : 0;
      const c: Rgb = [mix(top[0], bottom[0], t), mix(top[1], bottom[1], t), mix(top[2], bottom[2], t)];
      for (let x = 0; x < this.width; x++) this.set(x, y, c);
    }
    return this;
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): this {
    for (let yy = Math.max(0, Math.round(y)); yy < Math.min(this.height, Math.round(y + h)); yy++) {
      for (let xx = Math.max(0, Math.round(x)); xx < Math.min(this.width, Math.round(x + w)); xx++) {
        this.set(xx, yy, color);
      }
    }
    return this;
  }

  circle(cx: number, cy: number, r: number, color: Rgb): this {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, color);
      }
    }
    return this;
  }

  /** A filled polygon (even-odd rule). */
  polygon(points: readonly (readonly [number, number])[], color: Rgb): this {
    const ys = points.map((p) => p[1]);
    const xs = points.map((p) => p[0]);
    for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
      for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) {
        if (inside(points, x + 0.5, y + 0.5)) this.set(x, y, color);
      }
    }
    return this;
  }

  /** Everything below the curve y = f(x) down to the bottom edge. */
  below(f: (x: number) => number, color: Rgb): this {
    for (let x = 0; x < this.width; x++) {
      for (let y = Math.max(0, Math.round(f(x))); y < this.height; y++) this.set(x, y, color);
    }
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, width: number, color: Rgb): this {
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = (-(y2 - y1) / len) * (width / 2);
    const ny = ((x2 - x1) / len) * (width / 2);
    return this.polygon(
      [
        [x1 + nx, y1 + ny],
        [x2 + nx, y2 + ny],
        [x2 - nx, y2 - ny],
        [x1 - nx, y1 - ny],
      ],
      color,
    );
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.data);
  }
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

function inside(points: readonly (readonly [number, number])[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] ?? [0, 0];
    const [xj, yj] = points[j] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * An 8-bit RGB PNG. Every row uses the "up" filter: our pictures are vertical gradients and flat
 * shapes, where a row differs little from the one above, so this is as small as adaptive filtering
 * (measured within 10%) at a quarter of the time.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    out[at] = 2;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const above = y > 0 ? (rgb[row - stride + i] ?? 0) : 0;
      out[at + 1 + i] = ((rgb[row + i] ?? 0) - above) & 0xff;
    }
  }
  return rgbPng(width, height, deflateSync(out, { level: 9 }));
}

/** The bytes of an 8-bit RGB PNG of `width` × `height` pixels whose compressed image data is `idat`. */
export function rgbPng(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stable 32-bit hash of a string (FNV-1a), to vary pictures by file name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const PALETTES: readonly (readonly [Rgb, Rgb, Rgb, Rgb])[] = [
  // sky top, sky bottom, near hill, far hill
  [rgb('#58a0dc'), rgb('#c8e4f5'), rgb('#2e7d46'), rgb('#60a06e')],
  [rgb('#f5a05a'), rgb('#fcdeaa'), rgb('#78503c'), rgb('#aa785a')],
  [rgb('#3c5aa0'), rgb('#96b4e6'), rgb('#1e5a50'), rgb('#468278')],
  [rgb('#78bec8'), rgb('#e6f5f0'), rgb('#3c8c3c'), rgb('#8cbe78')],
];

/** The meeting hall's wall, by palette. */
const MEETING_WALLS: readonly Gradient[] = [
  [rgb('#f6f0e4'), rgb('#ded2be')],
  [rgb('#d6e8f0'), rgb('#aac8d7')],
  [rgb('#f0e0d2'), rgb('#cdaa96')],
  [rgb('#e2eedc'), rgb('#b4cdaa')],
];

/** A banner's background, by the hash of its name. */
const BANNER_TONES: readonly Gradient[] = [
  [rgb('#0b5d3b'), rgb('#063d26')],
  [rgb('#145482'), rgb('#0a325a')],
  [rgb('#962828'), rgb('#5a141e')],
  [rgb('#785014'), rgb('#462d0a')],
];

export const PHOTO_SIZE = { width: 800, height: 450 } as const;
export const BANNER_SIZE = { width: 1200, height: 400 } as const;
export const DEFAULT_PICTURE_SIZE = { width: 800, height: 450 } as const;

/** The scenes a demo "photo" shows; a photo numbered n (`photo-NN.png`) shows scene n − 1 (mod the count). */
export const PHOTO_SCENES = [
  'office',
  'meeting',
  'trees',
  'sports',
  'savings',
  'graduation',
  'riverside',
  'market',
] as const;
export type PhotoScene = (typeof PHOTO_SCENES)[number];

/** Which scene and palette a file name gets: by its number when it has one, else by its hash. */
export function photoLook(name: string): { scene: PhotoScene; palette: number } {
  const h = hash(name);
  const n = /-(\d+)\.\w+$/.exec(name)?.[1];
  const index = n === undefined ? h : Number(n) - 1;
  return {
    scene: PHOTO_SCENES[index % PHOTO_SCENES.length] ?? 'office',
    // The second round of scenes takes the next palettes, so no two numbered photos look alike.
    palette: (index + Math.floor(index / PHOTO_SCENES.length)) % PALETTES.length,
  };
}

const SKIN: Rgb = [230, 190, 150];
const SHIRTS: readonly Rgb[] = [
  rgb('#b43c3c'),
  rgb('#284678'),
  rgb('#f0b428'),
  rgb('#3c8c5a'),
  rgb('#784696'),
  rgb('#ebebeb'),
];

/** A simple standing person: head and body, `s` the head radius. */
function person(r: Raster, x: number, y: number, s: number, shirt: Rgb): void {
  r.circle(x, y, s, SKIN);
  r.rect(x - s, y + s * 1.1, s * 2, s * 4, shirt);
}

/** A "photo" of a cooperative scene (office, meeting, tree planting, sports day …); varied by `name`. */
export function paintPhoto(name: string, size: { width: number; height: number } = PHOTO_SIZE): Raster {
  const h = hash(name);
  const { scene, palette } = photoLook(name);
  const [skyTop, skyBottom, near, far] = PALETTES[palette] ?? PALETTES[0]!;
  const { width: w, height: ht } = size;
  const r = new Raster(w, ht);
  const phase = ((h >>> 8) % 628) / 100;
  const s = ht * 0.035;
  switch (scene) {
    case 'office': {
      r.gradient(skyTop, skyBottom);
      r.circle(w * (0.15 + ((h >>> 3) % 70) / 100), ht * 0.25, ht * 0.09, [255, 236, 160]);
      r.below((x) => ht * 0.58 + Math.sin(x / (w / 5) + phase) * ht * 0.06, far);
      // The cooperative's office, with windows.
      const bx = w * (0.2 + ((h >>> 12) % 50) / 100);
      const bw = w * 0.22;
      const by = ht * 0.42;
      r.rect(bx, by, bw, ht * 0.4, [236, 230, 220]);
      r.polygon(
        [
          [bx - w * 0.02, by],
          [bx + bw / 2, by - ht * 0.12],
          [bx + bw + w * 0.02, by],
        ],
        [150, 60, 50],
      );
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 4; col++) {
          r.rect(bx + bw * (0.08 + col * 0.23), by + ht * (0.05 + row * 0.1), bw * 0.14, ht * 0.06, [90, 120, 150]);
        }
      }
      r.below((x) => ht * 0.78 + Math.sin(x / (w / 3) + phase * 2) * ht * 0.04, near);
      const people = 3 + ((h >>> 16) % 4);
      for (let i = 0; i < people; i++) person(r, w * (0.1 + (0.8 * (i + 0.5)) / people), ht * 0.74, s, SHIRTS[i % 2]!);
      break;
    }
    case 'meeting': {
      // A meeting hall: a wall, a screen with a bar chart, members seated along a table.
      r.gradient(...cycle(MEETING_WALLS, palette));
      r.rect(0, ht * 0.7, w, ht * 0.3, [150, 110, 80]);
      r.rect(w * 0.3, ht * 0.08, w * 0.4, ht * 0.34, [250, 250, 250]);
      for (let i = 0; i < 5; i++) {
        const bh = ht * (0.06 + ((h >>> (i * 3)) % 5) * 0.045);
        r.rect(w * (0.34 + i * 0.068), ht * 0.38 - bh, w * 0.045, bh, skyTop);
      }
      for (let i = 0; i < 7; i++) person(r, w * (0.1 + i * 0.133), ht * 0.55, s * 1.1, cycle(SHIRTS, i + palette));
      r.rect(w * 0.04, ht * 0.66, w * 0.92, ht * 0.06, [120, 80, 50]);
      r.rect(w * 0.04, ht * 0.6, w * 0.92, ht * 0.06, near);
      break;
    }
    case 'trees': {
      // Tree planting: a field, saplings and grown trees, people with a watering can.
      r.gradient(skyTop, skyBottom);
      r.circle(w * 0.82, ht * 0.2, ht * 0.1, [255, 240, 170]);
      r.below((x) => ht * 0.62 + Math.sin(x / (w / 7) + phase) * ht * 0.02, near);
      for (let i = 0; i < 5; i++) {
        const tx = w * (0.08 + i * 0.21);
        const big = (i + h) % 2 === 0;
        r.rect(tx - w * 0.012, ht * (big ? 0.4 : 0.55), w * 0.024, ht * (big ? 0.25 : 0.1), [110, 75, 45]);
        r.circle(tx, ht * (big ? 0.36 : 0.52), ht * (big ? 0.12 : 0.05), far);
      }
      for (let i = 0; i < 3; i++) person(r, w * (0.2 + i * 0.27), ht * 0.7, s, cycle(SHIRTS, i + 3));
      r.rect(w * 0.26, ht * 0.82, w * 0.04, ht * 0.05, [70, 120, 200]);
      break;
    }
    case 'sports': {
      // Sports day: a pitch with its lines, bunting, two teams and a ball.
      r.gradient(skyTop, skyBottom);
      // A football pitch, or a running track's red clay.
      const pitch: Rgb = palette % 2 ? [190, 95, 70] : [70, 150, 70];
      r.rect(0, ht * 0.45, w, ht * 0.55, pitch);
      r.rect(0, ht * 0.45, w, ht * 0.01, [245, 245, 245]);
      r.rect(w * 0.5 - 2, ht * 0.45, 4, ht * 0.55, [245, 245, 245]);
      r.circle(w * 0.5, ht * 0.75, ht * 0.12, [245, 245, 245]);
      r.circle(w * 0.5, ht * 0.75, ht * 0.11, pitch);
      for (let i = 0; i < 12; i++) {
        const fx = (w / 12) * i;
        r.polygon(
          [
            [fx, ht * 0.08],
            [fx + w / 12, ht * 0.08],
            [fx + w / 24, ht * 0.16],
          ],
          cycle(SHIRTS, i),
        );
      }
      for (let i = 0; i < 4; i++) person(r, w * (0.12 + i * 0.09), ht * 0.58, s, [200, 40, 40]);
      for (let i = 0; i < 4; i++) person(r, w * (0.6 + i * 0.09), ht * 0.58, s, [40, 80, 190]);
      r.circle(w * 0.5, ht * 0.83, ht * 0.03, [250, 250, 250]);
      break;
    }
    case 'savings': {
      // Saving: stacks of coins growing left to right, a sprout on the tallest.
      r.gradient(skyBottom, [250, 246, 236]);
      for (let i = 0; i < 5; i++) {
        const cx = w * (0.18 + i * 0.16);
        const count = 2 + i * 2;
        for (let c = 0; c < count; c++) {
          const cy = ht * 0.86 - c * ht * 0.05;
          r.rect(cx - w * 0.06, cy - ht * 0.02, w * 0.12, ht * 0.04, c % 2 ? [214, 160, 40] : [240, 190, 60]);
        }
      }
      const top = ht * 0.86 - 9 * ht * 0.05;
      r.line(w * 0.82, top, w * 0.82, top - ht * 0.14, w * 0.008, near);
      r.circle(w * 0.8, top - ht * 0.12, ht * 0.035, far);
      r.circle(w * 0.845, top - ht * 0.15, ht * 0.035, far);
      break;
    }
    case 'graduation': {
      // Scholarships: mortarboards and rolled certificates on a stage.
      r.gradient(palette % 2 ? [20, 80, 90] : [60, 50, 110], palette % 2 ? [60, 140, 150] : [120, 90, 160]);
      r.rect(0, ht * 0.75, w, ht * 0.25, palette % 2 ? [120, 60, 30] : [150, 40, 50]);
      for (let i = 0; i < 5; i++) {
        const gx = w * (0.12 + i * 0.19);
        person(r, gx, ht * 0.42, s * 1.3, [30, 30, 40]);
        r.polygon(
          [
            [gx - s * 2.2, ht * 0.42 - s * 1.2],
            [gx, ht * 0.42 - s * 2.2],
            [gx + s * 2.2, ht * 0.42 - s * 1.2],
            [gx, ht * 0.42 - s * 0.4],
          ],
          [20, 20, 25],
        );
        r.rect(gx + s * 1.4, ht * 0.52, s * 2.6, s * 0.8, [250, 248, 240]);
        r.rect(gx + s * 2.5, ht * 0.52, s * 0.4, s * 0.8, [200, 40, 40]);
      }
      break;
    }
    case 'riverside': {
      // A riverside outing: a temple roof on the far bank, a long-tail boat on the water.
      r.gradient(skyTop, skyBottom);
      r.rect(0, ht * 0.5, w, ht * 0.08, far);
      const tx = w * (0.55 + ((h >>> 5) % 25) / 100);
      for (let k = 0; k < 3; k++) {
        r.polygon(
          [
            [tx - w * (0.12 - k * 0.03), ht * (0.5 - k * 0.07)],
            [tx, ht * (0.34 - k * 0.07)],
            [tx + w * (0.12 - k * 0.03), ht * (0.5 - k * 0.07)],
          ],
          k % 2 ? [200, 150, 40] : [170, 50, 40],
        );
      }
      r.below((x) => ht * 0.58 + Math.sin(x / 20 + phase) * 2, [70, 120, 150]);
      for (let k = 0; k < 6; k++)
        r.rect(w * (0.05 + k * 0.16), ht * (0.66 + (k % 3) * 0.08), w * 0.08, 2, [200, 225, 235]);
      r.polygon(
        [
          [w * 0.12, ht * 0.74],
          [w * 0.48, ht * 0.74],
          [w * 0.44, ht * 0.8],
          [w * 0.16, ht * 0.8],
        ],
        [120, 70, 40],
      );
      for (let i = 0; i < 3; i++) person(r, w * (0.22 + i * 0.09), ht * 0.66, s * 0.8, cycle(SHIRTS, i + 1));
      break;
    }
    case 'market': {
      // A members' market day: striped awnings over stalls of produce.
      r.gradient(skyTop, skyBottom);
      r.rect(0, ht * 0.8, w, ht * 0.2, [190, 180, 160]);
      for (let i = 0; i < 3; i++) {
        const mx = w * (0.04 + i * 0.33);
        for (let k = 0; k < 6; k++)
          r.rect(mx + k * w * 0.045, ht * 0.3, w * 0.045, ht * 0.1, k % 2 ? [250, 250, 250] : SHIRTS[i]!);
        r.rect(mx + w * 0.01, ht * 0.4, w * 0.01, ht * 0.3, [110, 80, 60]);
        r.rect(mx + w * 0.25, ht * 0.4, w * 0.01, ht * 0.3, [110, 80, 60]);
        r.rect(mx, ht * 0.62, w * 0.27, ht * 0.08, [150, 100, 60]);
        for (let k = 0; k < 7; k++)
          r.circle(mx + w * (0.03 + k * 0.035), ht * 0.6, ht * 0.025, k % 2 ? [230, 120, 40] : [120, 180, 60]);
        person(r, mx + w * 0.14, ht * 0.5, s, cycle(SHIRTS, i + 4));
      }
      break;
    }
  }
  return r;
}

/** A banner: a wide brand-coloured gradient with soft circles (its text is HTML beside it). */
export function paintBanner(name: string): Raster {
  const h = hash(name);
  const { width: w, height: ht } = BANNER_SIZE;
  const r = new Raster(w, ht).gradient(...cycle(BANNER_TONES, h));
  r.circle(w * 0.85, ht * 0.2, ht * 0.55, [242, 193, 78]);
  r.circle(w * 0.72, ht * 0.95, ht * 0.35, [253, 243, 216]);
  r.circle(w * 0.95, ht * 0.85, ht * 0.18, [255, 255, 255]);
  return r;
}

const INK: Rgb = [255, 255, 255];

/** The default picture of a content type (spec §2): a flat colour and a pictogram. */
export function paintDefaultPicture(kind: DefaultImageKind): Raster {
  const { width: w, height: h } = DEFAULT_PICTURE_SIZE;
  const colours: Record<DefaultImageKind, Gradient> = {
    news: [rgb('#0b5d3b'), rgb('#063d26')],
    activity: [rgb('#c4621e'), rgb('#964010')],
    rule: [rgb('#303f6e'), rgb('#1c264a')],
    school: [rgb('#206e96'), rgb('#124a6e')],
    achievement: [rgb('#966e14'), rgb('#6e4c08')],
    notice: [rgb('#aa2828'), rgb('#78181e')],
    letters: [rgb('#643c8c'), rgb('#462668')],
    download: [rgb('#286e64'), rgb('#164c46')],
  };
  const [top, bottom] = colours[kind];
  const r = new Raster(w, h).gradient(top, bottom);
  const cx = w / 2;
  const cy = h / 2;
  const u = h / 10;
  switch (kind) {
    case 'news':
      r.rect(cx - 3 * u, cy - 2.2 * u, 6 * u, 4.4 * u, INK);
      r.rect(cx - 2.5 * u, cy - 1.7 * u, 2.4 * u, 1.8 * u, bottom);
      for (let i = 0; i < 4; i++) r.rect(cx + 0.3 * u, cy - 1.7 * u + i * 0.5 * u, 2.2 * u, 0.25 * u, bottom);
      for (let i = 0; i < 3; i++) r.rect(cx - 2.5 * u, cy + 0.5 * u + i * 0.5 * u, 5 * u, 0.25 * u, bottom);
      break;
    case 'activity':
      for (const dx of [-2.2, 0, 2.2]) {
        r.circle(cx + dx * u, cy - 1.2 * u, 0.8 * u, INK);
        r.polygon(
          [
            [cx + (dx - 1.1) * u, cy + 2.4 * u],
            [cx + (dx - 0.8) * u, cy - 0.1 * u],
            [cx + (dx + 0.8) * u, cy - 0.1 * u],
            [cx + (dx + 1.1) * u, cy + 2.4 * u],
          ],
          INK,
        );
      }
      break;
    case 'rule':
      r.rect(cx - 2 * u, cy - 2.8 * u, 4 * u, 5.6 * u, INK);
      for (let i = 0; i < 5; i++) r.rect(cx - 1.4 * u, cy - 2.1 * u + i * 0.6 * u, 2.8 * u, 0.25 * u, bottom);
      r.circle(cx + 1 * u, cy + 1.6 * u, 0.7 * u, [242, 193, 78]);
      break;
    case 'school':
      r.polygon(
        [
          [cx - 3.5 * u, cy - 0.8 * u],
          [cx, cy - 2.5 * u],
          [cx + 3.5 * u, cy - 0.8 * u],
          [cx, cy + 0.9 * u],
        ],
        INK,
      );
      r.rect(cx - 1.8 * u, cy, 3.6 * u, 1.6 * u, INK);
      r.line(cx + 2.8 * u, cy - 0.9 * u, cx + 2.8 * u, cy + 2 * u, 0.25 * u, [242, 193, 78]);
      break;
    case 'achievement':
      r.circle(cx, cy - 1 * u, 1.8 * u, INK);
      r.rect(cx - 1.8 * u, cy - 2.6 * u, 3.6 * u, 1.6 * u, INK);
      r.rect(cx - 0.35 * u, cy + 0.6 * u, 0.7 * u, 1.2 * u, INK);
      r.rect(cx - 1.5 * u, cy + 1.8 * u, 3 * u, 0.7 * u, INK);
      r.circle(cx - 2.1 * u, cy - 1.5 * u, 0.7 * u, INK);
      r.circle(cx - 2.1 * u, cy - 1.5 * u, 0.4 * u, top);
      r.circle(cx + 2.1 * u, cy - 1.5 * u, 0.7 * u, INK);
      r.circle(cx + 2.1 * u, cy - 1.5 * u, 0.4 * u, top);
      break;
    case 'notice':
      r.polygon(
        [
          [cx, cy - 3 * u],
          [cx + 3.2 * u, cy + 2.4 * u],
          [cx - 3.2 * u, cy + 2.4 * u],
        ],
        INK,
      );
      r.rect(cx - 0.3 * u, cy - 1.2 * u, 0.6 * u, 2 * u, bottom);
      r.circle(cx, cy + 1.6 * u, 0.35 * u, bottom);
      break;
    case 'letters':
      r.rect(cx - 3 * u, cy - 2 * u, 6 * u, 4 * u, INK);
      r.line(cx - 3 * u, cy - 2 * u, cx, cy + 0.4 * u, 0.3 * u, bottom);
      r.line(cx + 3 * u, cy - 2 * u, cx, cy + 0.4 * u, 0.3 * u, bottom);
      break;
    case 'download':
      r.rect(cx - 0.5 * u, cy - 2.8 * u, 1 * u, 2.8 * u, INK);
      r.polygon(
        [
          [cx - 1.7 * u, cy - 0.4 * u],
          [cx + 1.7 * u, cy - 0.4 * u],
          [cx, cy + 1.4 * u],
        ],
        INK,
      );
      r.rect(cx - 3 * u, cy + 1.9 * u, 6 * u, 0.6 * u, INK);
      r.rect(cx - 3 * u, cy + 0.9 * u, 0.6 * u, 1.6 * u, INK);
      r.rect(cx + 2.4 * u, cy + 0.9 * u, 0.6 * u, 1.6 * u, INK);
      break;
  }
  return r;
}

const require = createRequire(import.meta.url);
const SARABUN = require.resolve('@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf');
const SARABUN_BOLD = require.resolve('@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf');
let demoPdfBytes: Buffer | null = null;

/**
 * The demo downloads' PDF: one A4 page in Thai (Sarabun) saying plainly that it is a sample of the
 * demo site. Every demo download is this one document: made once, because a PDF with an embedded
 * Thai font takes tens of milliseconds to make and the demo has dozens of downloads.
 */
export function demoPdf(_file: string): Buffer {
  if (demoPdfBytes) return demoPdfBytes;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 64,
    info: { Title: 'เอกสารตัวอย่าง', Author: site.nameTh, CreationDate: new Date(Date.UTC(2024, 0, 1)) },
  });
  doc.registerFont('regular', SARABUN);
  doc.registerFont('bold', SARABUN_BOLD);
  doc.font('bold').fontSize(20).fillColor('#0b5d3b').text(site.nameTh, { align: 'center' });
  doc.moveDown(0.5).font('regular').fontSize(16).fillColor('#1f2933').text('เอกสารตัวอย่าง', { align: 'center' });
  doc
    .moveDown(1.5)
    .fontSize(13)
    .text(
      'เอกสารนี้เป็นตัวอย่างประกอบเว็บไซต์สาธิตของสหกรณ์ เพื่อให้ทดลองดาวน์โหลดและเปิดอ่านไฟล์ได้ ' +
        'เมื่อสหกรณ์เปิดใช้งานจริง เจ้าหน้าที่จะนำแบบฟอร์ม ระเบียบ และรายงานฉบับจริงมาแทนที่',
    );
  doc.moveDown().text(`สอบถามเพิ่มเติมได้ที่ ${site.nameTh} ในวันและเวลาทำการ`);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  demoPdfBytes = Buffer.concat(chunks);
  return demoPdfBytes;
}

/** The demo media files the seeded content refers to. */
export interface DemoMediaManifest {
  photos: readonly string[];
  banners: readonly string[];
  pdfs: readonly string[];
  /** Files of a type the site refuses to show as pictures (to exercise the fallback). */
  refused: readonly string[];
}

/** Bytes of one demo file, by its place in the manifest. */
function demoFile(manifest: DemoMediaManifest, file: string): Buffer | null {
  if (manifest.photos.includes(file)) return paintPhoto(file).toPng();
  if (manifest.banners.includes(file)) return paintBanner(file).toPng();
  if (manifest.pdfs.includes(file)) return demoPdf(file);
  if (manifest.refused.includes(file)) {
    return Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#0b5d3b"/></svg>\n',
    );
  }
  return null;
}

/**
 * Write the demo media under `dir` (DATA_DIR/mediafiles), skipping files that already exist.
 * Returns the number of files written.
 */
export function writeDemoMedia(dir: string, manifest: DemoMediaManifest): number {
  let written = 0;
  for (const file of [...manifest.photos, ...manifest.banners, ...manifest.pdfs, ...manifest.refused]) {
    const target = path.join(dir, ...file.split('/'));
    if (fs.existsSync(target)) continue;
    const bytes = demoFile(manifest, file);
    if (!bytes) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Written aside and renamed into place: another instance sharing the folder never serves half a file.
    // A write that fails (a full disk) leaves no half file behind.
    const aside = `${target}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(aside, bytes);
      fs.renameSync(aside, target);
    } catch (error) {
      fs.rmSync(aside, { force: true });
      throw error;
    }
    written++;
  }
  return written;
}
