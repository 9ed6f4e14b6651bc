import { describe, it, expect, vi } from 'vitest';
import {
  formatMonth,
  BANGKOK_TZ,
  TRUNCATE_DEFAULT,
  TRUNCATE_QUESTION,
  formatAge,
  formatBaht,
  formatDate,
  formatDateDMY,
  formatDataAsOf,
  formatDateTime,
  formatFileSize,
  formatSizeLimit,
  formatNumber,
  formatRelativeTime,
  formatSatang,
  fromBuddhistYear,
  padMembershipNo,
  parseBahtToSatang,
  parseDateDMY,
  toBuddhistYear,
  truncate,
  truncateQuestion,
  spokenInstalment,
  spokenThai,
} from './thai-format';

const EMPTY = ' - ';
// Wednesday 15 January 2025, 14:00 in Bangkok (weeks run Sunday 12 – Saturday 18 January).
const NOW = new Date('2025-01-15T07:00:00Z');

const segmenter = new Intl.Segmenter('th', { granularity: 'grapheme' });
const graphemes = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);

const emptyInputs = [
  null,
  undefined,
  '',
  '   ',
  '0000-00-00',
  '0000-00-00 00:00:00',
  'not a date',
  '2025-02-30',
  '2025-13-01',
  '2025-01-15 24:00:00',
  '15/01/2568',
  new Date(Number.NaN),
  Number.NaN,
] as const;

describe('constants and Buddhist years', () => {
  it('exposes the Bangkok time zone', () => {
    expect(BANGKOK_TZ).toBe('Asia/Bangkok');
  });

  it('converts between Gregorian and Buddhist-era years', () => {
    expect(toBuddhistYear(2025)).toBe(2568);
    expect(fromBuddhistYear(2568)).toBe(2025);
    expect(fromBuddhistYear(toBuddhistYear(1999))).toBe(1999);
  });
});

describe('formatDate', () => {
  it('prints Buddhist-era years in long and short style', () => {
    expect(formatDate('2025-01-15')).toBe('15 มกราคม 2568');
    expect(formatDate('2025-01-15', 'long')).toBe('15 มกราคม 2568');
    expect(formatDate('2025-01-15', 'short')).toBe('15 ม.ค. 2568');
    expect(formatDate('2024-02-29', 'long')).toBe('29 กุมภาพันธ์ 2567');
    expect(formatDate('2024-12-31', 'short')).toBe('31 ธ.ค. 2567');
  });

  it('treats YYYY-MM-DD as that calendar day in Bangkok', () => {
    expect(formatDate('2025-01-01')).toBe('1 มกราคม 2568');
    expect(formatDateTime('2025-01-01')).toBe('1 มกราคม 2568 เวลา 00:00\u00a0น.');
  });

  it('treats "YYYY-MM-DD HH:MM:SS" as Bangkok wall-clock time', () => {
    expect(formatDate('2025-01-15 23:30:00')).toBe('15 มกราคม 2568');
    expect(formatDate('2025-01-15 00:10:00')).toBe('15 มกราคม 2568');
    expect(formatDate('2025-01-15T00:10')).toBe('15 มกราคม 2568');
  });

  it('converts ISO instants with Z or an offset into the Bangkok day (UTC-midnight edge)', () => {
    expect(formatDate('2025-01-14T18:30:00Z')).toBe('15 มกราคม 2568');
    expect(formatDate('2025-01-14T16:59:59.999Z')).toBe('14 มกราคม 2568');
    expect(formatDate('2025-01-15T01:30:00+07:00')).toBe('15 มกราคม 2568');
    expect(formatDate('2025-01-14T12:30:00-06:00')).toBe('15 มกราคม 2568');
  });

  it('accepts Date objects and timestamps', () => {
    expect(formatDate(new Date('2025-01-14T18:30:00Z'), 'short')).toBe('15 ม.ค. 2568');
    expect(formatDate(Date.UTC(2025, 0, 14, 18, 30), 'short')).toBe('15 ม.ค. 2568');
  });

  it.each(emptyInputs)('returns " - " for %j', (value) => {
    expect(formatDate(value)).toBe(EMPTY);
    expect(formatDate(value, 'short')).toBe(EMPTY);
  });
});

describe('formatDateTime', () => {
  it('prints the long date and Bangkok time with น.', () => {
    expect(formatDateTime('2025-01-15 14:05:00')).toBe('15 มกราคม 2568 เวลา 14:05\u00a0น.');
    expect(formatDateTime('2025-01-15T07:05:00Z')).toBe('15 มกราคม 2568 เวลา 14:05\u00a0น.');
    expect(formatDateTime('2025-01-14T18:30:00Z')).toBe('15 มกราคม 2568 เวลา 01:30\u00a0น.');
    expect(formatDateTime('2025-01-15 09:07:59')).toBe('15 มกราคม 2568 เวลา 09:07\u00a0น.');
  });

  it('supports the short date style', () => {
    expect(formatDateTime('2025-01-15 14:05:00', 'short')).toBe('15 ม.ค. 2568 เวลา 14:05\u00a0น.');
  });

  it.each(emptyInputs)('returns " - " for %j', (value) => {
    expect(formatDateTime(value)).toBe(EMPTY);
  });
});

describe('formatDateDMY', () => {
  it('prints zero-padded DD/MM/BBBB in Bangkok', () => {
    expect(formatDateDMY('2025-01-05')).toBe('05/01/2568');
    expect(formatDateDMY('2024-12-31 23:59:59')).toBe('31/12/2567');
    expect(formatDateDMY('2025-01-14T18:30:00Z')).toBe('15/01/2568');
    expect(formatDateDMY(new Date('2024-12-31T17:00:00Z'))).toBe('01/01/2568');
  });

  it.each(emptyInputs)('returns " - " for %j', (value) => {
    expect(formatDateDMY(value)).toBe(EMPTY);
  });
});

describe('parseDateDMY', () => {
  it.each([
    ['15/01/2568', '2025-01-15'],
    ['1/2/2568', '2025-02-01'],
    ['01/02/2568', '2025-02-01'],
    ['5-1-2568', '2025-01-05'],
    ['05.01.2568', '2025-01-05'],
    ['  15/01/2568  ', '2025-01-15'],
    ['29/02/2567', '2024-02-29'],
    ['31/12/2567', '2024-12-31'],
    ['30/04/2568', '2025-04-30'],
    ['01/01/2400', '1857-01-01'],
    ['31/12/2700', '2157-12-31'],
  ])('parses %j as %s', (text, expected) => {
    expect(parseDateDMY(text)).toBe(expected);
  });

  it.each([
    '31/02/2568',
    '29/02/2568',
    '30/02/2567',
    '31/04/2568',
    '32/01/2568',
    '00/01/2568',
    '15/00/2568',
    '15/13/2568',
    '31/12/2399',
    '01/01/2701',
    '15/01/2025',
    '15/01/68',
    '15/01/25680',
    '015/01/2568',
    '15/01-2568',
    '2568-01-15',
    '15 01 2568',
    '๑๕/๐๑/๒๕๖๘',
    'abc',
    '',
  ])('rejects %j', (text) => {
    expect(parseDateDMY(text)).toBeNull();
  });

  it('round-trips with formatDateDMY', () => {
    for (const text of ['01/01/2568', '29/02/2567', '31/12/2567', '15/06/2500']) {
      expect(formatDateDMY(parseDateDMY(text))).toBe(text);
    }
  });
});

describe('formatRelativeTime', () => {
  it('(a) same Bangkok day: date-fns th phrase with suffix', () => {
    expect(formatRelativeTime('2025-01-15T06:55:00Z', NOW)).toBe('5 นาทีที่ผ่านมา');
    expect(formatRelativeTime('2025-01-15 09:00:00', NOW)).toBe('5 ชั่วโมงที่ผ่านมา');
    expect(formatRelativeTime('2025-01-15 13:59:30', NOW)).toBe('30 วินาทีที่ผ่านมา');
    expect(formatRelativeTime('2025-01-15 16:00:00', NOW)).toBe('ใน 2 ชั่วโมง');
  });

  it('(a) a time after UTC midnight but past Bangkok midnight is still today', () => {
    // 2025-01-14T18:30Z is 01:30 on 15 January in Bangkok.
    const result = formatRelativeTime('2025-01-14T18:30:00Z', NOW);
    expect(result).toMatch(/^\d+ ชั่วโมงที่ผ่านมา$/);
    expect(result).not.toContain('เมื่อวาน');
  });

  it('(b) previous Bangkok day: เมื่อวาน with the time', () => {
    expect(formatRelativeTime('2025-01-14 14:05:00', NOW)).toBe('เมื่อวาน เวลา 14:05\u00a0น.');
    expect(formatRelativeTime('2025-01-14T16:59:00Z', NOW)).toBe('เมื่อวาน เวลา 23:59\u00a0น.');
    expect(formatRelativeTime('2025-01-14', NOW)).toBe('เมื่อวาน เวลา 00:00\u00a0น.');
    // Less than 24 hours ago, but on the previous calendar day.
    expect(formatRelativeTime('2025-01-14 23:00:00', new Date('2025-01-14T17:30:00Z'))).toBe(
      'เมื่อวาน เวลา 23:00\u00a0น.',
    );
  });

  it('(b) yesterday across a year boundary', () => {
    const newYearMorning = new Date('2025-01-01T01:00:00Z'); // 08:00 on 1 Jan in Bangkok
    expect(formatRelativeTime('2024-12-31 23:00:00', newYearMorning)).toBe('เมื่อวาน เวลา 23:00\u00a0น.');
  });

  it('(c) within the last 7 days: day, short month and time without a year', () => {
    expect(formatRelativeTime('2025-01-13 08:30:00', NOW)).toBe('13 ม.ค. 08:30\u00a0น.');
    expect(formatRelativeTime('2025-01-12 14:05:00', NOW)).toBe('12 ม.ค. 14:05\u00a0น.');
    expect(formatRelativeTime('2025-01-09 08:00:00', NOW)).toBe('9 ม.ค. 08:00\u00a0น.');
    const newYear = new Date('2025-01-02T03:00:00Z');
    expect(formatRelativeTime('2024-12-28 10:00:00', newYear)).toBe('28 ธ.ค. 10:00\u00a0น.');
  });

  it('(c) later in the current week', () => {
    expect(formatRelativeTime('2025-01-17 10:00:00', NOW)).toBe('17 ม.ค. 10:00\u00a0น.');
    expect(formatRelativeTime('2025-01-18 23:59:00', NOW)).toBe('18 ม.ค. 23:59\u00a0น.');
  });

  it('(d) older dates and dates beyond this week: long date with BE year', () => {
    expect(formatRelativeTime('2025-01-08 20:00:00', NOW)).toBe('8 มกราคม 2568');
    expect(formatRelativeTime('2024-12-25 10:00:00', NOW)).toBe('25 ธันวาคม 2567');
    expect(formatRelativeTime('2020-06-01', NOW)).toBe('1 มิถุนายน 2563');
    expect(formatRelativeTime('2025-01-19 09:00:00', NOW)).toBe('19 มกราคม 2568');
    const saturday = new Date('2025-01-18T05:00:00Z');
    expect(formatRelativeTime('2025-01-19 09:00:00', saturday)).toBe('19 มกราคม 2568');
  });

  it('never prints a Gregorian year', () => {
    for (const value of ['2025-01-08', '2024-01-01', '2025-03-01']) {
      expect(formatRelativeTime(value, NOW)).not.toMatch(/20\d\d/);
    }
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(new Date(Date.now() - 60_000))).toMatch(/ที่ผ่านมา$|^เมื่อวาน/);
  });

  it.each(emptyInputs)('returns " - " for %j', (value) => {
    expect(formatRelativeTime(value, NOW)).toBe(EMPTY);
  });
});

describe('formatSizeLimit', () => {
  it('prints a byte limit in MB with at most one decimal, never rounding it up', () => {
    expect(formatSizeLimit(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSizeLimit(2_500_000)).toBe('2.3 MB');
    expect(formatSizeLimit(1024 * 1024 * 10.99)).toBe('10.9 MB');
    expect(formatSizeLimit(50 * 1024 * 1024)).toBe('50 MB');
  });

  it('prints sizes below 1 MB in whole KB', () => {
    expect(formatSizeLimit(64 * 1024)).toBe('64 KB');
    expect(formatSizeLimit(1024 * 1024 - 1)).toBe('1,023 KB');
  });
});

describe('formatNumber', () => {
  it('prints exactly the requested decimals with Thai grouping', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
  });

  it('accepts decimal strings, with or without commas', () => {
    expect(formatNumber('1500.00')).toBe('1,500.00');
    expect(formatNumber('1,234.5')).toBe('1,234.50');
    expect(formatNumber(' 42 ')).toBe('42.00');
    expect(formatNumber('-0.5')).toBe('-0.50');
    expect(formatNumber('.5')).toBe('0.50');
    expect(formatNumber('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
  });

  it('accepts bigint', () => {
    expect(formatNumber(12345n)).toBe('12,345.00');
    expect(formatNumber(2n ** 64n, 0)).toBe('18,446,744,073,709,551,616');
  });

  it.each(['abc', '', '1.2.3', '12abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'returns " - " for invalid %j',
    (value) => {
      expect(formatNumber(value)).toBe(EMPTY);
    },
  );
});

describe('formatSatang and formatBaht', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [123456, '1,234.56'],
    [100000000, '1,000,000.00'],
    [-5, '-0.05'],
    [-100, '-1.00'],
    [-123456, '-1,234.56'],
    [Number.MAX_SAFE_INTEGER, '90,071,992,547,409.91'],
  ])('formats %d satang as %s', (satang, expected) => {
    expect(formatSatang(satang)).toBe(expected);
  });

  it('formats bigint amounts beyond 2^53 exactly', () => {
    expect(formatSatang(2n ** 53n + 1n)).toBe('90,071,992,547,409.93');
    expect(formatSatang(123456789012345678901n)).toBe('1,234,567,890,123,456,789.01');
    expect(formatSatang(-(10n ** 20n) - 1n)).toBe('-1,000,000,000,000,000,000.01');
    expect(formatSatang(-0)).toBe('0.00');
    expect(formatSatang(0n)).toBe('0.00');
  });

  it('groups the baht the way th-TH number formatting does', () => {
    const intl = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let digits = 1n; digits <= 20n; digits += 1n) {
      const baht = 7n * 10n ** (digits - 1n) + 3n;
      const expected = intl.format(baht).replace(/\.\d+$/, '');
      expect(formatSatang(baht * 100n)).toBe(`${expected}.00`);
    }
  });

  it('rejects non-integer or unsafe numbers instead of rounding money', () => {
    expect(() => formatSatang(1.5)).toThrow(RangeError);
    expect(() => formatSatang(2 ** 53)).toThrow(RangeError);
    expect(() => formatSatang(Number.NaN)).toThrow(RangeError);
  });

  it('appends บาท', () => {
    expect(formatBaht(150000)).toBe('1,500.00 บาท');
    expect(formatBaht(-1n)).toBe('-0.01 บาท');
  });
});

describe('formatAge', () => {
  it.each([
    ['1977-11-10', { years: 47, months: 2, text: '47 ปี 2 เดือน' }],
    ['1977-11-16', { years: 47, months: 1, text: '47 ปี 1 เดือน' }],
    ['1978-01-15', { years: 47, months: 0, text: '47 ปี 0 เดือน' }],
    ['1978-01-16', { years: 46, months: 11, text: '46 ปี 11 เดือน' }],
    ['2025-01-15', { years: 0, months: 0, text: '0 ปี 0 เดือน' }],
  ])('counts completed years and months: born %s', (birth, age) => {
    expect(formatAge(birth, NOW)).toEqual(age);
  });

  it('uses Bangkok calendar days for both dates', () => {
    // 18:30Z on 14 January is already 15 January, the birthday, in Bangkok.
    const now = new Date('2025-01-14T18:30:00Z');
    expect(formatAge('1978-01-15', now).text).toBe('47 ปี 0 เดือน');
    expect(formatAge(new Date('1978-01-14T17:00:00Z'), now).text).toBe('47 ปี 0 เดือน');
  });

  it('reaches a month-end birthday on the last day of shorter months', () => {
    expect(formatAge('2000-01-31', new Date('2000-02-29T05:00:00Z')).text).toBe('0 ปี 1 เดือน');
    expect(formatAge('2004-02-29', new Date('2025-02-28T05:00:00Z')).text).toBe('21 ปี 0 เดือน');
    expect(formatAge('2004-02-29', new Date('2025-02-27T05:00:00Z')).text).toBe('20 ปี 11 เดือน');
  });

  it('defaults now to the current time', () => {
    expect(formatAge('1970-01-01').years).toBeGreaterThanOrEqual(55);
  });

  it.each(['0000-00-00', '', 'nonsense', '2030-01-01'])('gives " - " for %j', (birth) => {
    const age = formatAge(birth, NOW);
    expect(age.text).toBe(EMPTY);
    expect(age.years).toBeNaN();
    expect(age.months).toBeNaN();
  });
});

describe('truncate and truncateQuestion', () => {
  it('exposes the limits', () => {
    expect(TRUNCATE_DEFAULT).toBe(80);
    expect(TRUNCATE_QUESTION).toBe(120);
  });

  it('keeps text at or under the limit unchanged', () => {
    expect(truncate('สวัสดี')).toBe('สวัสดี');
    expect(truncate('')).toBe('');
    // 80 graphemes but far more than 80 code units.
    const eighty = 'ที่'.repeat(80);
    expect(eighty.length).toBe(240);
    expect(truncate(eighty)).toBe(eighty);
  });

  it('never splits a Thai grapheme whose marks straddle the limit', () => {
    const text = 'ก'.repeat(79) + 'ที่' + 'น้ำ'.repeat(10);
    // A code-unit cut would drop the marks of the 80th grapheme.
    expect(text.slice(0, 80).endsWith('ท')).toBe(true);

    const result = truncate(text);
    expect(result).toBe('ก'.repeat(79) + 'ที่…');
    const segments = graphemes(result);
    expect(segments).toHaveLength(81);
    expect(segments[79]).toBe('ที่');
    expect(segments[80]).toBe('…');
    // The last grapheme before the ellipsis is a base letter with its marks, not marks alone.
    expect(segments[79]).toMatch(/^\P{M}\p{M}*$/u);
    const body = result.slice(0, -1);
    expect(text.startsWith(body)).toBe(true);
    expect(text.charAt(body.length)).not.toMatch(/\p{M}/u);
  });

  it('cuts at a grapheme boundary for every limit in mixed Thai text', () => {
    const text = 'น้ำใจของสมาชิกที่มั่นคง สหกรณ์ออมทรัพย์ครูไทยจำกัด เงินฝากดอกเบี้ยสูง'.repeat(3);
    const total = graphemes(text).length;
    for (let max = 1; max < total; max++) {
      const result = truncate(text, max);
      expect(result.endsWith('…')).toBe(true);
      const body = result.slice(0, -1);
      expect(text.startsWith(body)).toBe(true);
      expect(text.charAt(body.length)).not.toMatch(/\p{M}/u);
      expect(graphemes(body).length).toBeLessThanOrEqual(max);
      expect(graphemes(body).at(-1)).toMatch(/^\P{M}/u);
      expect(body).toBe(body.trimEnd());
    }
  });

  it('trims trailing whitespace before the ellipsis', () => {
    expect(truncate('ก'.repeat(79) + ' ขขขข')).toBe('ก'.repeat(79) + '…');
    expect(truncate('abc def', 4)).toBe('abc…');
  });

  it('keeps emoji sequences (ZWJ, skin tones, flags) whole at the cut', () => {
    const family = '👨‍👩‍👧‍👦';
    const text = 'ก'.repeat(79) + family + 'ข'.repeat(5);
    expect(truncate(text)).toBe('ก'.repeat(79) + family + '…');
    expect(truncate('ก'.repeat(79) + '👍🏽' + 'ขขข')).toBe('ก'.repeat(79) + '👍🏽…');
    expect(truncate('ก'.repeat(79) + '🇹🇭' + 'ขขข')).toBe('ก'.repeat(79) + '🇹🇭…');
    expect(truncate(family.repeat(81))).toBe(family.repeat(80) + '…');
  });

  it('reads a long text only up to the grapheme after the limit', () => {
    const body = 'สหกรณ์ออมทรัพย์ที่มั่นคง '.repeat(2000);
    const expected = `${graphemes(body).slice(0, 80).join('').trimEnd()}…`;
    const real = Intl.Segmenter.prototype.segment;
    let read = 0;
    const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (
      this: Intl.Segmenter,
      input,
    ) {
      const segments = real.call(this, input);
      return Object.assign(Object.create(segments) as Intl.Segments, {
        *[Symbol.iterator]() {
          for (const segment of segments) {
            read++;
            yield segment;
          }
        },
      });
    });
    try {
      expect(truncate(body)).toBe(expected);
      expect(read).toBeLessThanOrEqual(81);
      // Text no longer than the limit in code units is not segmented at all.
      read = 0;
      expect(truncate('สวัสดี', 80)).toBe('สวัสดี');
      expect(read).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('truncateQuestion uses 120 graphemes', () => {
    const q120 = 'ถาม'.repeat(40);
    expect(truncateQuestion(q120)).toBe(q120);
    const q121 = q120 + 'ว่';
    expect(truncateQuestion(q121)).toBe(q120 + '…');
    expect(graphemes(truncateQuestion(q121 + 'อะไร'))).toHaveLength(121);
  });
});

describe('padMembershipNo (also the member script’s padding on blur)', () => {
  it.each([
    ['12345', '012345'],
    ['12', '000012'],
    ['7', '000007'],
    ['0', '000000'],
    [' 42 ', '000042'],
    ['123456', '123456'],
    [' 123456 ', '123456'],
    ['1234567', '1234567'],
    [' 1234567 ', '1234567'],
    ['A1234', 'A1234'],
    ['12a', '12a'],
    ['12-34', '12-34'],
    ['12 34', '12 34'],
    ['๑๒๓', '๑๒๓'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (raw, expected) => {
    expect(padMembershipNo(raw)).toBe(expected);
  });
});

describe('formatMonth', () => {
  it('prints the month with its Buddhist-era year', () => {
    expect(formatMonth(2025, 5)).toBe('พฤษภาคม 2568');
    expect(formatMonth(2025, 5, 'short')).toBe('พ.ค. 68');
    expect(formatMonth(2024, 12, 'short')).toBe('ธ.ค. 67');
  });

  it('refuses impossible months', () => {
    expect(formatMonth(2025, 13)).toBe(' - ');
    expect(formatMonth(2025, 0)).toBe(' - ');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 ไบต์'],
    [850, '850 ไบต์'],
    [1023, '1,023 ไบต์'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [12_800, '12.5 KB'],
    [153_600, '150 KB'],
    [1_048_575, '1.0 MB'],
    [3_355_443, '3.2 MB'],
    [250 * 1024 * 1024, '250 MB'],
    [1.1 * 1024 ** 3, '1.1 GB'],
  ] as const)('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY])('returns " - " for %s', (bytes) => {
    expect(formatFileSize(bytes)).toBe(EMPTY);
  });
});

describe('parseBahtToSatang', () => {
  it.each([
    ['0', 0],
    ['0.10', 10],
    ['0.20', 20],
    ['0.1', 10],
    ['1234.50', 123_450],
    ['1,234.56', 123_456],
    ['1,234,567.89', 123_456_789],
    ['-20', -2_000],
    ['+3.5', 350],
    ['-0.00', 0],
    [' 12.34 ', 1_234],
    ['90071992547409.91', 9_007_199_254_740_991],
  ] as const)('%s → %d satang', (text, satang) => {
    expect(parseBahtToSatang(text)).toBe(satang);
  });

  it('adds exactly, unlike floating point', () => {
    const sum = (parseBahtToSatang('0.10') ?? NaN) + (parseBahtToSatang('0.20') ?? NaN);
    expect(sum).toBe(30);
    expect(sum).toBe(parseBahtToSatang('0.30'));
  });

  it.each(['', '-', '.5', '1.', '1.234', '1,23.00', '12,34', '1 234', '1e3', '฿100', 'abc', '90071992547409.92'])(
    'refuses %j',
    (text) => {
      expect(parseBahtToSatang(text)).toBeNull();
    },
  );
});

describe('formatDataAsOf', () => {
  it('gives the short BE date and the Bangkok time of a kept copy', () => {
    expect(formatDataAsOf(new Date('2026-11-22T07:05:00Z'))).toBe('ข้อมูล ณ วันที่ 22 พ.ย. 2569 14:05\u00a0น.');
    expect(formatDataAsOf('2025-12-31T17:30:00Z')).toBe('ข้อมูล ณ วันที่ 1 ม.ค. 2569 00:30\u00a0น.');
    expect(formatDataAsOf(null)).toBe(' - ');
  });
});

describe('dates without Intl, as Intl prints them', () => {
  const th = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('th-TH', {
      timeZone: BANGKOK_TZ,
      calendar: 'buddhist',
      numberingSystem: 'latn',
      ...options,
    });
  const short = th({ day: 'numeric', month: 'short', year: 'numeric' });
  const long = th({ day: 'numeric', month: 'long', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: BANGKOK_TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const monthLong = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', month: 'long', year: 'numeric' });
  const monthShort = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', month: 'short', year: '2-digit' });

  it('gives the Bangkok date and time of instants from April 1920 (UTC+7 since) to 2100, around midnight too', () => {
    // Every 61 hours and 7 minutes: each hour of the day, each day of the month, every month, leap years.
    for (let t = Date.UTC(1920, 3, 1); t < Date.UTC(2100, 0, 1); t += (61 * 60 + 7) * 60_000) {
      const d = new Date(t);
      expect(formatDate(d, 'short')).toBe(short.format(d));
      expect(formatDate(d, 'long')).toBe(long.format(d));
      expect(formatDateTime(d)).toBe(`${long.format(d)} เวลา ${time.format(d)}\u00a0น.`);
    }
  });

  it('names every billing month as Intl does, with two-digit BE years', () => {
    for (let year = 1950; year <= 2080; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const mid = new Date(Date.UTC(year, month - 1, 15));
        expect(formatMonth(year, month, 'long')).toBe(monthLong.format(mid));
        expect(formatMonth(year, month, 'short')).toBe(monthShort.format(mid));
      }
    }
  });
});

describe('spokenThai and spokenInstalment (what a screen reader is given)', () => {
  it('says a short month in full, in a date and in a month with a two-digit year', () => {
    expect(spokenThai(formatDate('2026-10-30', 'short'))).toBe('30 ตุลาคม 2569');
    expect(spokenThai(formatMonth(2025, 5, 'short'))).toBe('พฤษภาคม 68');
    expect(spokenThai('1 มี.ค. 2569 เวลา 14:05 น.')).toBe('1 มีนาคม 2569 เวลา 14:05 น.');
  });

  it('says ไม่มี for the empty value, and leaves other text as it is', () => {
    expect(spokenThai(EMPTY)).toBe('ไม่มี');
    expect(spokenThai('-')).toBe('ไม่มี');
    expect(spokenThai('1,234.50')).toBe('1,234.50');
    expect(spokenThai('ส่งชำระ')).toBe('ส่งชำระ');
  });

  it('says the date format hint and the masked ID card number in words', () => {
    expect(spokenThai('รูปแบบ วว/ดด/ปปปป (พ.ศ.)')).toBe('รูปแบบ วัน เดือน ปี (พ.ศ.)');
    expect(spokenThai('3-1005-xxxxx-xx-8')).toBe('3 1005 ตามด้วยเลขที่ซ่อนไว้ 7 หลัก และ 8');
  });

  it('says instalments paid of all as งวดที่ … จาก …', () => {
    expect(spokenInstalment('60 / 180')).toBe('งวดที่ 60 จาก 180');
    expect(spokenInstalment('60')).toBe('60');
  });
});
