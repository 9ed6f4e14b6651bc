/** Field limits the views need without the schemas (and so without zod in the browser). */

/** Longest membership number a member may type (spec §5); shorter ones are padded to six digits. */
export const MEMBERSHIP_NO_MAX = 7;
