/**
 * Writes a field's inline error the way the server renders it (components/forms.tsx): the form's
 * hidden "error:" prefix, then the message, and `aria-invalid` on the control; an empty message
 * clears both. The caller wires `aria-describedby` (a field may also have a hint). True when an
 * error is shown.
 */
export function writeFieldError(form: HTMLFormElement, error: Element, input: Element, message: string): boolean {
  error.textContent = '';
  if (!message) {
    input.removeAttribute('aria-invalid');
    return false;
  }
  const prefix = document.createElement('span');
  prefix.className = 'visually-hidden';
  prefix.textContent = `${form.dataset.errorPrefix ?? ''} `;
  error.append(prefix, message);
  input.setAttribute('aria-invalid', 'true');
  return true;
}
