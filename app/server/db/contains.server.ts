import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * "Contains these words as typed": the one way our searches write `LIKE '%…%'`. LIKE's own
 * wildcards (`%`, `_`) in what someone typed are taken literally, escaped with `!`, and the query
 * says `escape '!'`, the same on SQLite and PostgreSQL.
 */

/** The LIKE pattern matching `text` anywhere, its `%`, `_` and `!` escaped with `!`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** `<value> like '%text%' escape '!'`: true where `value` holds `text` as typed. */
export function contains(value: RawBuilder<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${value} like ${containsPattern(text)} escape '!'`;
}
