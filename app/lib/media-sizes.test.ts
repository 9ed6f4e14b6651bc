import { describe, expect, it } from 'vitest';

import { pictureVariants } from './media-sizes';

describe('pictureVariants', () => {
  it('offers WebP copies of stored and default pictures at each width, and nothing for other pictures', () => {
    expect(pictureVariants('/mediafiles/images/content/photo-13.png', 1200)).toBe(
      '/img/240/mediafiles/images/content/photo-13.png.webp 240w, ' +
        '/img/480/mediafiles/images/content/photo-13.png.webp 480w, ' +
        '/img/800/mediafiles/images/content/photo-13.png.webp 800w, ' +
        '/img/1200/mediafiles/images/content/photo-13.png.webp 1200w',
    );
    expect(pictureVariants('/mediafiles/images/content/photo-13.png')).not.toContain('1200w');
    expect(pictureVariants('/picture/Utils/ContentDefault/news.png')).toMatch(/^\/img\/240\/picture\/Utils\/ContentDefault\/news\.png\.webp 240w, /);
    for (const other of ['/images/logo.svg', 'https://example.com/mediafiles/a.png', '/member/photo.jpg']) {
      expect(pictureVariants(other)).toBeNull();
    }
  });
});
