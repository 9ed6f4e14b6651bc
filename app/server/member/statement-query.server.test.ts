import { describe, expect, it } from 'vitest';

import { pageHref } from '~/lib/forms/statement-query';

import { StatementQuerySchema, parseStatementQuery } from './statement-query.server';

const DATE_MSG = 'กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.) เช่น 01/01/2568';
const ORDER_MSG = 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น';

const url = (query: string) => new URL(`https://coop.example/member/share_statement${query}`);

describe('parseStatementQuery', () => {
  it('defaults to page 1 with no dates', () => {
    expect(parseStatementQuery(url(''))).toEqual({
      ok: true,
      value: { page: 1, fromText: '', toText: '' },
    });
    // Without a query the schema is not run: the answer is the one it gives for an empty query.
    expect(parseStatementQuery(url(''))).toEqual(parseStatementQuery(url('?from=&to=&page=')));
  });

  it('treats blank dates as missing (a plain GET form sends them empty)', () => {
    const r = parseStatementQuery(url('?from=&to=+++&page='));
    expect(r).toEqual({ ok: true, value: { page: 1, fromText: '', toText: '   ' } });
  });

  it('converts BE dates to Gregorian and echoes the typed text', () => {
    const r = parseStatementQuery(url('?from=+01%2F01%2F2568+&to=31/12/2568&page=3'));
    expect(r).toEqual({
      ok: true,
      value: { from: '2025-01-01', to: '2025-12-31', page: 3, fromText: ' 01/01/2568 ', toText: '31/12/2568' },
    });
  });

  it('accepts only one of the dates', () => {
    const r = parseStatementQuery(url('?to=29/02/2567'));
    expect(r).toEqual({ ok: true, value: { to: '2024-02-29', page: 1, fromText: '', toText: '29/02/2567' } });
  });

  it('allows from = to', () => {
    const r = parseStatementQuery(url('?from=15/05/2567&to=15/05/2567'));
    expect(r.ok && r.value).toMatchObject({ from: '2024-05-15', to: '2024-05-15' });
  });

  it.each(['2025-01-01', '31/02/2568', '01/13/2568', '01/01/2025', 'abc', '1/1/68'])(
    'rejects the invalid date %s',
    (text) => {
      const r = parseStatementQuery(url(`?from=${encodeURIComponent(text)}&page=4`));
      expect(r).toEqual({ ok: false, errors: { from: DATE_MSG }, fromText: text, toText: '', page: 1 });
    },
  );

  it('reports errors on both fields', () => {
    const r = parseStatementQuery(url('?from=x&to=y'));
    expect(r).toEqual({ ok: false, errors: { from: DATE_MSG, to: DATE_MSG }, fromText: 'x', toText: 'y', page: 1 });
  });

  it('puts the order message on `to` when it is before `from`', () => {
    const r = parseStatementQuery(url('?from=02/01/2568&to=01/01/2568&page=2'));
    expect(r).toEqual({
      ok: false,
      errors: { to: ORDER_MSG },
      fromText: '02/01/2568',
      toText: '01/01/2568',
      page: 1,
    });
  });

  it.each([
    ['', 1],
    ['1', 1],
    ['7', 7],
    [' 12 ', 12],
    ['007', 7],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['1e3', 1],
    ['abc', 1],
    ['10000', 10000],
    ['10001', 10000],
    ['99999999999999999999', 1],
  ])('page %j → %d', (page, expected) => {
    const r = parseStatementQuery(url(`?page=${encodeURIComponent(page)}`));
    expect(r.ok && r.value.page).toBe(expected);
  });
});

describe('StatementQuerySchema', () => {
  it('parses an object of query values', () => {
    expect(StatementQuerySchema.parse({ from: '1/1/2568', to: undefined, page: '2' })).toEqual({
      from: '2025-01-01',
      to: undefined,
      page: 2,
    });
    expect(StatementQuerySchema.parse({})).toEqual({ from: undefined, to: undefined, page: 1 });
    expect(StatementQuerySchema.parse({ page: 5 })).toMatchObject({ page: 1 });
  });
});

describe('pageHref', () => {
  it('round-trips through parseStatementQuery', () => {
    const href = pageHref(url('?from=01/01/2568&to=31/12/2568'), 4);
    const r = parseStatementQuery(new URL(href, 'https://coop.example'));
    expect(r).toEqual({
      ok: true,
      value: { from: '2025-01-01', to: '2025-12-31', page: 4, fromText: '01/01/2568', toText: '31/12/2568' },
    });
  });
});
