import * as z from 'zod';

import { SECOND_FACTOR_MESSAGES } from './second-factor';

// A module apart from the messages: the account-security page hydrates and imports those, and zod
// stays out of the browser (ADR 077).

/** A recovery code typed with spaces is under 40 characters; nothing longer is read. */
export const SECOND_FACTOR_CODE_MAX = 64;

/**
 * The sign-in code page's form (ADR 040): the code, required. Whether it is right is the server's
 * to say (the authenticator app's code or a recovery code); only its first characters are read.
 */
export const SecondFactorCodeSchema = z.object({
  code: z
    .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
    .transform((code) => code.slice(0, SECOND_FACTOR_CODE_MAX)),
});
