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

/**
 * A new password's confirmation. One longer than any password is refused before it is compared, with
 * the length limit's message: a pasted password that is too long is told so, not that the two differ.
 */
export const confirmPasswordField = z
  .string({ error: PASSWORD_MESSAGES.confirmRequired })
  .min(1, PASSWORD_MESSAGES.confirmRequired)
  .max(PASSWORD_INPUT_MAX, { error: PASSWORD_MESSAGES.tooLong, abort: true });

/** The server's reading of the change-password form; the page runs the same rules (`changePasswordErrors`). */
export const ChangePasswordSchema = z
  .object({
    // Longer than any password: it cannot be the current one.
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .max(PASSWORD_INPUT_MAX, PASSWORD_MESSAGES.wrongCurrent),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
    signOutOthers: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(passwordPairErrors(value))) {
      ctx.addIssue({ code: 'custom', path: [field as ChangePasswordField], message });
    }
  });
