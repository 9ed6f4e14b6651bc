import { describe, expect, it } from 'vitest';

import { phoneSources } from './media-sizes';

describe('phoneSources', () => {
  it('offers the 800 px copy of an uploaded picture, and nothing for other pictures', () => {
    const src = '/mediafiles/content/2026/11/0123456789abcdef01234567.jpg';
    expect(phoneSources(src, '100vw')).toEqual({
      srcSet: '/mediafiles/content/2026/11/0123456789abcdef01234567-w800.jpg 800w, ' + `${src} 1600w`,
      sizes: '100vw',
    });
    for (const other of ['/mediafiles/news/cover.jpg', '/picture/Utils/ContentDefault/news.png', `${src}?x`]) {
      expect(phoneSources(other, '100vw')).toBeNull();
    }
  });
});
