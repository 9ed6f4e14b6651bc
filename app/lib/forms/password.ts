import * as z from 'zod';

import {
  newPasswordLengthError,
  PASSWORD_INPUT_MAX,
  PASSWORD_MESSAGES,
  passwordPairErrors,
  type ChangePasswordField,
} from './password-rules';

export { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from './password-rules';

/** Length counted in Unicode code points, so Thai text counts as typed (`newPasswordLengthError`). */
export const newPasswordField = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  // Bounded before its characters are counted: no work over an unbounded value.
  .max(PASSWORD_INPUT_MAX, { error: PASSWORD_MESSAGES.tooLong, abort: true })
  .superRefine((value, ctx) => {
    const message = newPasswordLengthError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** The server's reading of the change-password form; the page runs the same rules (`changePasswordErrors`). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: PASSWORD_MESSAGES.currentRequired }).max(PASSWORD_INPUT_MAX),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).max(PASSWORD_INPUT_MAX),
    signOutOthers: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(passwordPairErrors(value))) {
      ctx.addIssue({ code: 'custom', path: [field as ChangePasswordField], message });
    }
  });
