// docs/decisions/README.md indexes every decision record: a newcomer reads the table, not the
// directory. Each ADR's first lines are the source of truth (title, date, status); the index must say
// the same, in number order, and name no file that is not there. An ADR added without its row fails
// here, and the message gives the row to add.
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const read = (file: string) => fs.readFileSync(file, 'utf8');

interface Adr {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
  lines: string[];
}

const adrs: Adr[] = fs
  .readdirSync(DIR)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort()
  .map((file) => {
    const lines = read(path.join(DIR, file)).split('\n');
    const title = /^# (\d{3}) — (.+)$/.exec(lines[0] ?? '');
    return {
      file,
      number: file.slice(0, 3),
      title: title?.[2] ?? '',
      date: lines[2]?.replace(/^Date: /, '') ?? '',
      status: lines[3]?.replace(/^Status: /, '') ?? '',
      lines,
    };
  });
const numbers = new Set(adrs.map((adr) => adr.number));

const readme = read(path.join(DIR, 'README.md'));
/** The index's rows: `| [NNN](NNN-name.md) | title | status |`. */
const rows = readme
  .split('\n')
  .map((line) => /^\| \[(\d{3})\]\(([^)]+)\) +\| (.+?) +\| (.+?) +\|$/.exec(line))
  .filter((match) => match !== null)
  .map(([, number = '', file = '', title = '', status = '']) => ({ number, file, title, status }));

const rowFor = (adr: Adr) => `| [${adr.number}](${adr.file}) | ${adr.title} | ${adr.status} |`;

describe('the decision records', () => {
  it('every ADR opens with "# NNN — Title", "Date: YYYY-MM-DD" and a Status of the template', () => {
    expect(adrs.length).toBeGreaterThan(80);
    for (const adr of adrs) {
      expect(adr.lines[0], adr.file).toMatch(new RegExp(`^# ${adr.number} — \\S.*$`));
      expect(adr.lines[1], adr.file).toBe('');
      expect(adr.lines[2], adr.file).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(adr.date)), adr.file).toBe(false);
      expect(adr.lines[3], adr.file).toMatch(/^Status: (accepted|superseded by \d{3})\b/);
      expect(adr.lines[4], adr.file).toBe('');
    }
  });

  it('no two ADRs share a number', () => {
    const seen = adrs.map((adr) => adr.number);
    expect(seen.filter((number, i) => seen.indexOf(number) !== i)).toEqual([]);
  });

  it('every ADR a Status names (superseded by, supersedes, amends) exists', () => {
    for (const adr of adrs) {
      // Every ADR number in the Status: "superseded by 053", "supersedes 072, 082 and 086", "amends 024",
      // "[066](066-….md)"; not the digits of a figure such as "10,000 sessions".
      const named = [...adr.status.matchAll(/(?<![\d,.])\d{3}(?![\d,.]?\d)/g)].map((match) => match[0]);
      if (/superseded by/.test(adr.status)) {
        expect(named.length, `${adr.file}: superseded by which ADR?`).toBeGreaterThan(0);
      }
      for (const number of named) expect(numbers.has(number), `${adr.file} names ${number}`).toBe(true);
    }
  });

  it('a superseded ADR names a newer one as its successor', () => {
    for (const adr of adrs) {
      const successor = /^superseded by (\d{3})/.exec(adr.status)?.[1];
      if (successor) expect(Number(successor), adr.file).toBeGreaterThan(Number(adr.number));
    }
  });
});

describe('docs/decisions/README.md, the index', () => {
  it('lists every ADR with the title and status its file states', () => {
    const missing = adrs.filter((adr) => !rows.some((row) => row.number === adr.number));
    expect(missing.map(rowFor), 'rows to add to the index').toEqual([]);
    for (const adr of adrs) {
      const row = rows.find((r) => r.number === adr.number)!;
      expect(row, adr.file).toEqual({ number: adr.number, file: adr.file, title: adr.title, status: adr.status });
    }
  });

  it('lists no file that does not exist, each once, in number order', () => {
    for (const row of rows) expect(fs.existsSync(path.join(DIR, row.file)), row.file).toBe(true);
    expect(rows.map((row) => row.number)).toEqual(adrs.map((adr) => adr.number));
  });

  it('names the unused numbers up to the highest one', () => {
    const highest = Number(adrs.at(-1)!.number);
    const gaps = Array.from({ length: highest }, (_, i) => String(i + 1).padStart(3, '0')).filter(
      (number) => !numbers.has(number),
    );
    const line = /^Numbers not used: (.+)\.$/m.exec(readme)?.[1];
    expect(line?.split(', ')).toEqual(gaps);
  });

  it('gives the template: the three header lines and the three sections', () => {
    for (const part of ['# NNN — Title', 'Date: YYYY-MM-DD', 'Status: accepted', '## Context', '## Decision']) {
      expect(readme).toContain(part);
    }
    expect(readme).toContain('## Consequences');
    expect(readme).toMatch(/superseded by NNN/);
  });
});
