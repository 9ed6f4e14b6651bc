/**
 * `npm run import -- <folder> [--dry-run]` without the process around it (scripts/import.ts is the
 * thin wrapper): opens the store from the environment like the server, applies pending migrations,
 * imports and prints a plain report. Exit codes: 0 all loaded, 1 something refused, 2 usage.
 */
import { cliArgs, cliEnv, STDIO, type CliIo, withStore } from '../ops/cli.server';
import {
  IMPORT_TABLES,
  importFiles,
  ImportUsageError,
  readImportFolder,
  type ImportResult,
  type Problem,
} from './import.server';

export const USAGE = 'Usage: npm run import -- <folder> [--dry-run]   (docs/import.md)';

/** `members.csv:17: id_card: เลขประจำตัวประชาชนไม่ถูกต้อง (checksum)` */
export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.column ? `${p.column}: ` : ''}${p.message}`;
}

const LIST_MAX = 50;

function list(numbers: string[]): string {
  const shown = numbers.slice(0, LIST_MAX).join(', ');
  return numbers.length > LIST_MAX ? `${shown} … (+${numbers.length - LIST_MAX})` : shown;
}

/** The report's lines, problems first and the Thai + English summary last. */
export function formatReport(r: ImportResult): string[] {
  const lines: string[] = [];
  if (r.fileProblems.length) {
    lines.push(...r.fileProblems.map(formatProblem));
    lines.push(
      `ไม่ได้นำเข้าข้อมูลใดเลย: อ่านไฟล์ไม่ได้ ${r.fileProblems.length} รายการ / Nothing loaded: ${r.fileProblems.length} file problem(s)`,
    );
    return lines;
  }
  lines.push(...r.problems.map(formatProblem));
  for (const f of r.failed) lines.push(`${f.member}: บันทึกไม่สำเร็จ / not written: ${f.message}`);
  const notLoaded = [...new Set([...r.refused, ...r.failed.map((f) => f.member)])].sort();
  if (notLoaded.length) lines.push(`ไม่นำเข้า / not loaded: ${list(notLoaded)}`);
  const rows = IMPORT_TABLES.filter((t) => r.rows[t]).map((t) => `${t} ${r.rows[t]}`);
  if (rows.length)
    lines.push(`${r.dryRun ? 'แถวที่จะบันทึก / rows to write' : 'แถวที่บันทึก / rows written'}: ${rows.join(', ')}`);
  const problems = r.problems.length + r.failed.length;
  lines.push(
    r.dryRun
      ? `ตรวจอย่างเดียว ไม่ได้บันทึก: นำเข้าได้ ${r.loaded.length} ราย, ไม่นำเข้า ${notLoaded.length} ราย, ปัญหา ${problems} รายการ` +
          ` / Dry run, nothing written: ${r.loaded.length} members would be loaded, ${notLoaded.length} not, ${problems} problems`
      : `สรุป: นำเข้าสมาชิก ${r.loaded.length} ราย, ไม่นำเข้า ${notLoaded.length} ราย, ปัญหา ${problems} รายการ` +
          ` / Summary: ${r.loaded.length} members loaded, ${notLoaded.length} not loaded, ${problems} problems`,
  );
  return lines;
}

/** 0 when every row was (or would be) loaded, 1 when anything was refused or failed. */
export function exitCode(r: ImportResult): 0 | 1 {
  return r.fileProblems.length || r.problems.length || r.failed.length ? 1 : 0;
}

/** The CLI: returns the exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = STDIO,
): Promise<number> {
  const parsed = cliArgs(argv, { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, USAGE, io);
  if (!parsed) return 2;
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  const [folder, ...extra] = parsed.positionals;
  if (!folder || extra.length) {
    io.err(USAGE);
    return 2;
  }

  let files;
  try {
    files = readImportFolder(folder);
  } catch (error) {
    if (!(error instanceof ImportUsageError)) throw error;
    io.err(`${error.message}\n${USAGE}`);
    return 2;
  }

  const env = cliEnv(source, io);
  if (!env) return 2;

  return withStore(env, async (db) => {
    io.out(`ฐานข้อมูล / store: ${env.store === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${env.dataDir}`}`);
    const result = await importFiles(db, files, { dryRun: parsed.values['dry-run'] ?? false });
    for (const line of formatReport(result)) io.out(line);
    return exitCode(result);
  });
}
