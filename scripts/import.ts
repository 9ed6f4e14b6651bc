// `npm run import -- <folder> [--dry-run]`: load members and their records from CSV files into the
// store (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL). See docs/import.md and ADR 015.
import { main } from '../app/server/import/cli';

process.exitCode = await main(process.argv.slice(2));
