/** For the one-time codes' tests: the key and the clock they share. */

/** The key codes are hashed with in the tests (the app's own is derived from SESSION_SECRET). */
export const CODE_KEY = 'k'.repeat(64);

/** Where the tests' clock starts: 25 November 2026, 10:00 in Bangkok. */
export const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);
