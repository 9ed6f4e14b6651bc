import * as z from 'zod';

import { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from './password-rules';

export { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from './password-rules';

/** Length counted in Unicode code points, so Thai text counts as typed. */
export const newPasswordField = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  // Bounded before its characters are counted: no work over an unbounded value.
  .max(PASSWORD_MAX * 4, { error: PASSWORD_MESSAGES.tooLong, abort: true })
  .refine((v) => [...v].length >= PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .refine((v) => [...v].length <= PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: PASSWORD_MESSAGES.currentRequired }).max(PASSWORD_MAX * 4),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).max(PASSWORD_MAX * 4),
    signOutOthers: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
    }
    if (value.currentPassword === value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_MESSAGES.sameAsCurrent });
    }
  });

/** The change-password form's fields, for typing the form where the schema itself is not loaded. */
export type ChangePasswordFields = z.input<typeof ChangePasswordSchema>;
