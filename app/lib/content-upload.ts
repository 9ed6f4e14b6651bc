/**
 * How much one save of the staff content form may carry (ADR 117). The files together: room for a
 * phone's photo of several times PHOTO_MAX_BYTES (scaled down when stored) beside an attachment.
 */
export const contentFilesMax = (fileMax: number): number => 6 * fileMax;

/** Room for the form's text fields (read up to 1 MiB each, 2 MiB together). */
const CONTENT_TEXT_ROOM = 2 * 1024 * 1024;

/**
 * The most one save carries, in bytes: the edge's ceiling for the content form's paths
 * (server/edge.ts) and the limit its reader holds, so a body the edge lets through is read whole.
 */
export const contentUploadCeiling = (fileMax: number): number => contentFilesMax(fileMax) + CONTENT_TEXT_ROOM;
