/**
 * The rule language of the fields' one statement (`./client-rules`, ADR 103) and its reading,
 * without zod and without the rules themselves: the member area's script bundles this module alone.
 *
 * - `['required', message]`: not empty after trimming;
 * - `['checked', message]`: a checkbox that must be ticked;
 * - `['pattern', source, message]`: the trimmed value, when not empty, matches the regular expression;
 * - `['min', characters, message]`: the value, when not empty, has at least that many characters;
 * - `['max', characters, message]`: the value has at most that many characters;
 * - `['same', otherField, message]`: equal to the other field once both are filled.
 */
export type ClientRule =
  | readonly ['required' | 'checked', string]
  | readonly ['pattern', string, string]
  | readonly ['min' | 'max', number, string]
  | readonly ['same', string, string];

export type ClientRules = Record<string, readonly ClientRule[]>;

/** What a rule reads besides the field's own text: whether it is ticked, and the other fields' text. */
export interface RuleContext {
  checked?: boolean;
  other?: (name: string) => string | undefined;
}

/** The message of the first of the field's rules that its value breaks, or ''. */
export function firstBrokenRule(rules: readonly ClientRule[], value: string, context: RuleContext = {}): string {
  const trimmed = value.trim();
  for (const rule of rules) {
    switch (rule[0]) {
      case 'required':
        if (!trimmed) return rule[1];
        break;
      case 'checked':
        if (!context.checked) return rule[1];
        break;
      case 'pattern':
        if (trimmed && !new RegExp(rule[1]).test(trimmed)) return rule[2];
        break;
      case 'min':
        // Counted in characters (code points), as the server counts them.
        if (value && Array.from(value).length < rule[1]) return rule[2];
        break;
      case 'max':
        // Cheap first: a value this long in UTF-16 units cannot be longer in characters.
        if (value.length > rule[1] && Array.from(value).length > rule[1]) return rule[2];
        break;
      case 'same': {
        const other = context.other?.(rule[1]);
        if (other && value && value !== other) return rule[2];
        break;
      }
    }
  }
  return '';
}
