import type * as z from 'zod';

import { firstBrokenRule, type ClientRule } from './rules';

/**
 * A field's rules (`./client-rules`) as a zod check: the first broken rule's message, and nothing
 * after it runs (no normalising or parsing of a value the rules refuse). The schemas apply it so the
 * server and the page in the browser give the same first message from the same statement.
 */
export function followsRules(rules: readonly ClientRule[]) {
  return (value: string, ctx: z.RefinementCtx<string>): void => {
    const message = firstBrokenRule(rules, value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value, continue: false });
  };
}
