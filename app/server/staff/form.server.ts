/** A text field of a posted form, cut to `max` characters (never longer is read further); '' when absent. */
export function formText(form: FormData, name: string, max = 200): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
}
