import * as z from 'zod';

/**
 * The terms page's form (/member/termofconditional): accepting them, with where the member was going
 * when the terms gate stopped them (made safe by the route, as the login's is).
 */
export const TermsAcceptSchema = z.object({
  redirectTo: z.string().max(2000).optional(),
});

export type TermsAcceptInput = z.infer<typeof TermsAcceptSchema>;
