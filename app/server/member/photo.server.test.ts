import { deflateSync } from 'node:zlib';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { MAX_INPUT_PIXELS } from '~/lib/photo';
import { rgbPng } from '~/server/seed/content-media';

import { detectImageType, PHOTO_SIZE, PhotoError, photoQueue, processPhoto, resolveCrop } from './photo.server';

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/** A `width` × `height` image, left half red and right half blue. */
async function halves(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: BLUE } },
      left: half,
      top: 0,
    },
  ]);
}

async function meanColour(jpeg: Uint8Array) {
  const { channels } = await sharp(jpeg).stats();
  return { r: channels[0]?.mean ?? 0, g: channels[1]?.mean ?? 0, b: channels[2]?.mean ?? 0 };
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PhotoError) return error.problem;
    throw error;
  }
  throw new Error('expected a PhotoError');
}

/** A PNG whose header claims `width` × `height` pixels, with a few bytes of data (a decompression bomb). */
function pngClaiming(width: number, height: number): Uint8Array {
  return rgbPng(width, height, deflateSync(Buffer.alloc(64)));
}

describe('detectImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes only', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: RED } });
    expect(detectImageType(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await image.clone().png().toBuffer())).toBe('png');
    expect(detectImageType(await image.clone().webp().toBuffer())).toBe('webp');
  });

  it('refuses GIF, other RIFF files, text and empty input', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    expect(detectImageType(gif)).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('just some text pretending to be photo.jpg'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('resolveCrop', () => {
  /** The square crop at (`x`, `y`) with sides of `size` pixels. */
  const square = (x: number, y: number, size: number) => ({ x, y, width: size, height: size });

  it('takes the largest centred square without a crop', () => {
    expect(resolveCrop(400, 300)).toEqual(square(50, 0, 300));
    expect(resolveCrop(300, 401)).toEqual(square(0, 50, 300));
    expect(resolveCrop(256, 256, null)).toEqual(square(0, 0, 256));
  });

  it('rounds a crop to whole pixels and keeps it', () => {
    expect(resolveCrop(1000, 800, { x: 100.4, y: 49.6, width: 300.2, height: 299.8 })).toEqual(square(100, 50, 300));
  });

  it('clamps a crop that reaches outside the image', () => {
    expect(resolveCrop(500, 400, { x: -30, y: -10, width: 200, height: 200 })).toEqual(square(0, 0, 200));
    expect(resolveCrop(500, 400, { x: 450, y: 350, width: 200, height: 200 })).toEqual(square(450, 350, 50));
    expect(resolveCrop(500, 400, { x: 9999, y: 9999, width: 10, height: 10 })).toEqual(square(499, 399, 1));
  });

  it('centres the largest square inside a crop that is not square', () => {
    expect(resolveCrop(1000, 1000, { x: 100, y: 100, width: 400, height: 200 })).toEqual(square(200, 100, 200));
  });

  it('falls back to the centred square for crops that are not numbers or are empty', () => {
    const centre = square(50, 0, 300);
    expect(resolveCrop(400, 300, { x: Number.NaN, y: 0, width: 10, height: 10 })).toEqual(centre);
    expect(resolveCrop(400, 300, { x: 0, y: 0, width: Infinity, height: 10 })).toEqual(centre);
    expect(resolveCrop(400, 300, { x: 0, y: 0, width: 0, height: 10 })).toEqual(centre);
  });
});

describe('processPhoto', () => {
  it('turns PNG, JPEG and WebP into a 256 × 256 JPEG', async () => {
    const source = await halves(120, 80);
    for (const input of [
      await source.clone().png().toBuffer(),
      await source.clone().jpeg().toBuffer(),
      await source.clone().webp().toBuffer(),
    ]) {
      const output = await processPhoto(input);
      expect(detectImageType(output)).toBe('jpeg');
      const meta = await sharp(output).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PHOTO_SIZE, PHOTO_SIZE]);
    }
  });

  it('centre-crops without a crop and honours a crop in source pixels', async () => {
    const png = await (await halves(300, 100)).png().toBuffer();
    const centre = await meanColour(await processPhoto(png));
    // The centred 100 px square straddles both halves.
    expect(centre.r).toBeGreaterThan(80);
    expect(centre.b).toBeGreaterThan(80);
    const left = await meanColour(await processPhoto(png, { x: 0, y: 0, width: 100, height: 100 }));
    expect(left.r).toBeGreaterThan(180);
    expect(left.b).toBeLessThan(60);
    const right = await meanColour(await processPhoto(png, { x: 200, y: 0, width: 100, height: 100 }));
    expect(right.b).toBeGreaterThan(180);
    expect(right.r).toBeLessThan(60);
  });

  it('applies the EXIF orientation before cropping and keeps no metadata', async () => {
    // Stored 80 × 40 (red left, blue right), EXIF orientation 6: shown upright as 40 × 80 with red on top.
    const jpeg = await (
      await halves(80, 40)
    )
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-location-note' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);

    const bottom = await processPhoto(jpeg, { x: 0, y: 40, width: 40, height: 40 });
    const colour = await meanColour(bottom);
    expect(colour.b).toBeGreaterThan(180);
    expect(colour.r).toBeLessThan(60);

    const meta = await sharp(bottom).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Buffer.from(bottom).includes('secret-location-note')).toBe(false);
    expect(Buffer.from(bottom).includes('Exif')).toBe(false);
  });

  it('flattens transparency onto white', async () => {
    const png = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const colour = await meanColour(await processPhoto(png));
    expect(Math.min(colour.r, colour.g, colour.b)).toBeGreaterThan(245);
  });

  it('refuses GIF and a text file named like a photo', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    expect(await problemOf(processPhoto(gif))).toBe('type');
    expect(await problemOf(processPhoto(Buffer.from('Not a photo at all, just text saved as photo.jpg\n')))).toBe(
      'type',
    );
  });

  it('refuses a file with an image signature that does not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage '.repeat(50))]);
    expect(await problemOf(processPhoto(fake))).toBe('unreadable');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: BLUE } })
      .png()
      .toBuffer();
    expect(await problemOf(processPhoto(png.subarray(0, 60)))).toBe('unreadable');
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bomb = pngClaiming(side, side);
    expect(bomb.length).toBeLessThan(200);
    expect(await problemOf(processPhoto(bomb))).toBe('dimensions');
  });
});

describe('processPhoto under a burst of uploads', () => {
  it('decodes two at a time, queues four, and refuses the rest as busy instead of growing memory', async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: RED } })
        .jpeg()
        .toBuffer(),
    );
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, photoQueue.active)), 1);
    const outcomes = await Promise.allSettled(Array.from({ length: 9 }, () => processPhoto(photo)));
    clearInterval(watch);
    const busy = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof PhotoError && o.reason.problem === 'busy',
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(6);
    expect(busy).toHaveLength(3);
    expect(peak).toBeLessThanOrEqual(2);
    // Once the burst is over, the next one goes through.
    expect((await processPhoto(photo)).byteLength).toBeGreaterThan(0);
    expect([photoQueue.active, photoQueue.waiting]).toEqual([0, 0]);
  });
});
