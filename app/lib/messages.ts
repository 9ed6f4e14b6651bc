/** Spec §8: shown when the cooperative's data cannot be fetched. */
export const UNAVAILABLE_MESSAGE = 'ไม่สามารถเชื่อมต่อได้';
