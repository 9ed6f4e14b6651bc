import { describe, expect, it } from 'vitest';

import {
  COLLECTION_STATUS_TEXT,
  collectionStatus,
  collectionStatusValue,
  collectionTone,
  statusTone,
  toneClass,
} from './status-colors';

describe('statusTone', () => {
  it.each([
    [1, 'green'],
    ['1', 'green'],
    [-1, 'red'],
    ['-1', 'red'],
    [0, 'gray'],
    ['0', 'gray'],
    [' 1 ', 'green'],
    [-0, 'gray'],
  ] as const)('positive variant maps %j to %s', (value, tone) => {
    expect(statusTone(value)).toBe(tone);
    expect(statusTone(value, 'positive')).toBe(tone);
  });

  it.each([
    [1, 'red'],
    ['1', 'red'],
    [-1, 'green'],
    ['-1', 'green'],
    [0, 'gray'],
    ['0', 'gray'],
  ] as const)('negative variant maps %j to %s', (value, tone) => {
    expect(statusTone(value, 'negative')).toBe(tone);
  });

  it.each([2, -2, 0.5, Number.NaN, Infinity, '2', '', 'abc', '1.0', '+1', '01', null, undefined])(
    'maps unknown %j to the unknown tone',
    (value) => {
      expect(statusTone(value)).toBe('gray');
      expect(statusTone(value, 'positive', 'gray')).toBe('gray');
      expect(statusTone(value, 'positive', 'red')).toBe('red');
      expect(statusTone(value, 'negative', 'red')).toBe('red');
    },
  );
});

describe('toneClass', () => {
  it('builds the CSS class names', () => {
    expect(toneClass('green')).toBe('tone tone--green');
    expect(toneClass('red')).toBe('tone tone--red');
    expect(toneClass('gray')).toBe('tone tone--gray');
  });
});

describe('collectionStatus', () => {
  it('is pending when not posted, whatever the amounts', () => {
    expect(collectionStatus({ posted: false, billedSatang: 100_00, collectedSatang: 0 })).toBe('pending');
    expect(collectionStatus({ posted: false, billedSatang: 100_00, collectedSatang: 100_00 })).toBe('pending');
  });

  it('is failed when posted and nothing was collected', () => {
    expect(collectionStatus({ posted: true, billedSatang: 100_00, collectedSatang: 0 })).toBe('failed');
  });

  it('is partial when less than billed was collected', () => {
    expect(collectionStatus({ posted: true, billedSatang: 100_00, collectedSatang: 99_99 })).toBe('partial');
  });

  it('is full when the whole bill (or more) was collected', () => {
    expect(collectionStatus({ posted: true, billedSatang: 100_00, collectedSatang: 100_00 })).toBe('full');
    expect(collectionStatus({ posted: true, billedSatang: 100_00, collectedSatang: 100_01 })).toBe('full');
  });

  it('has the SPA texts', () => {
    expect(COLLECTION_STATUS_TEXT).toEqual({
      pending: 'รอนำส่ง',
      failed: 'หักไม่ได้',
      partial: 'หักได้บางส่วน',
      full: 'หักได้ครบ',
    });
  });
});

describe('collectionTone', () => {
  it.each([
    ['full', 1, 'green'],
    ['pending', 0, 'gray'],
    ['failed', -1, 'red'],
    ['partial', 2, 'red'],
  ] as const)('%s → value %d → %s', (status, value, tone) => {
    expect(collectionStatusValue(status)).toBe(value);
    expect(collectionTone(status)).toBe(tone);
  });
});
