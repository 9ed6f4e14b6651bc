import * as z from 'zod';

/**
 * The staff layout's "stay signed in" form (ADR 116, ADR 128): where the page was, made safe by the
 * route (`safeRedirect`, a staff path) before it is followed. Posted by the warning's button, on every
 * staff page, hydrating or not: the page's small script shows it, no form library is involved.
 */
export const StaffSessionFormSchema = z.object({
  redirectTo: z.string().max(2000).optional(),
});
