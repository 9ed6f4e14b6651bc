import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { AUDIT_EVENT_NAMES, auditEventName } from '~/lib/audit-events';

/**
 * Every audit event code the code can record has a Thai name on the audit page. The codes are read
 * from the source: each call of `audit(type, …)`, `recordAudit(db, type, …)` and
 * `staffAudit(request, user, event, …)` (recorded as `staff_<event>`), the string literals of its event
 * argument (both branches of a `cond ? 'a' : 'b'`), and the templates below spelled out.
 */
const ROOTS = ['app', 'server', 'scripts'];
const TEMPLATES: Record<string, readonly string[]> = {
  // register.server.ts and the vendor API's account endpoints: RegisterMode.
  '`${mode}_failure`': ['register_failure', 'forget_failure'],
  '`${mode}_success`': ['register_success', 'forget_success'],
};

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sources(path, out);
    } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\./.test(entry.name)) out.push(path);
  }
  return out;
}

/** The top-level arguments of the call whose `(` ends at `start`. */
function callArguments(src: string, start: number): string[] {
  const args: string[] = [];
  let depth = 1;
  let current = '';
  for (let i = start; i < src.length && depth > 0; i++) {
    const c = src[i]!;
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
    if (depth === 1 && c === ',') {
      args.push(current.trim());
      current = '';
    } else if (depth > 0) current += c;
  }
  args.push(current.trim());
  return args;
}

interface Site {
  file: string;
  codes: string[];
  expression: string;
}

function emittedCodes(): Site[] {
  const sites: Site[] = [];
  const call = /\b(audit|recordAudit|staffAudit)\(/g;
  for (const root of ROOTS) {
    for (const file of sources(root)) {
      const src = readFileSync(file, 'utf8');
      for (const match of src.matchAll(call)) {
        const before = src.slice(Math.max(0, match.index - 16), match.index);
        if (/function\s*$/.test(before)) continue; // the definitions themselves
        const args = callArguments(src, match.index + match[0].length);
        const which = match[1];
        const expression = (which === 'staffAudit' ? args[2] : which === 'recordAudit' ? args[1] : args[0]) ?? '';
        // The wrappers pass their own parameter on: their callers are scanned instead.
        if (
          (file.endsWith('audit.server.ts') && expression === 'type') ||
          (file.endsWith('guard.server.ts') && expression === 'type')
        )
          continue;
        const template = TEMPLATES[expression];
        const branches = expression.includes('?') ? expression.slice(expression.indexOf('?') + 1) : expression;
        const literals = template ?? [...branches.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!);
        const codes = literals.map((code) =>
          which === 'staffAudit' && !code.startsWith('staff_') ? `staff_${code}` : code,
        );
        sites.push({ file, codes, expression });
      }
    }
  }
  return sites;
}

describe('audit event names', () => {
  const sites = emittedCodes();

  it('finds the calls that record events (the scan works)', () => {
    const all = new Set(sites.flatMap((s) => s.codes));
    for (const known of ['login_success', 'lockout', 'staff_refused', 'staff_content_publish', 'register_failure']) {
      expect(all).toContain(known);
    }
  });

  it('reads an event code from every call (no call passes a name the scan cannot see)', () => {
    expect(sites.filter((s) => s.codes.length === 0).map((s) => `${s.file}: ${s.expression}`)).toEqual([]);
  });

  it('has a Thai name for every event code the code records', () => {
    const missing = [...new Set(sites.flatMap((s) => s.codes))].filter((code) => !(code in AUDIT_EVENT_NAMES)).sort();
    expect(missing).toEqual([]);
  });

  it('names each code in Thai and falls back to the code itself for one it does not know', () => {
    for (const name of Object.values(AUDIT_EVENT_NAMES)) expect(name).toMatch(/[\u0E00-\u0E7F]/);
    expect(auditEventName('login_success')).toBe(AUDIT_EVENT_NAMES.login_success);
    expect(auditEventName('something_new')).toBe('something_new');
  });
});
