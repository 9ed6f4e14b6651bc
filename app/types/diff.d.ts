/**
 * The part of `diff` (5.x, which ships no types) the back office uses: what changed between two
 * revisions of a content item (ADR 118).
 */
declare module 'diff' {
  export interface ArrayChange<T> {
    value: T[];
    count?: number;
    added?: boolean;
    removed?: boolean;
  }
  export function diffArrays<T>(oldArray: T[], newArray: T[]): ArrayChange<T>[];
}
