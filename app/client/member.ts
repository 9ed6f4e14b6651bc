// Sahakorn — the one script of the member area's pages that do not hydrate (ADR 068, ADR 085, ADR 103):
// the login, register and forgotten-password pages and every member page but those with a React form.
// The pages are server-rendered and work without any script. This module only adds the spec's
// touches: the member menu's drawer (drawer.ts), the membership number padded to six digits on blur, the password show/hide toggle, the
// submit spinner, the form's messages shown before a round trip (the rules the server's schemas
// apply, sent in the form's data-rules), the page's notices announced (ADR 112), the welfare tabs' keyboard
// pattern, and the print button. Every Thai text it shows comes from the server-rendered markup (data
// attributes and the rules), never from this file.
import { memberDrawer } from './drawer';
import { writeFieldError } from './field-error';
import { tabAfterKey } from './tab-keys';

import { announcePageNotices } from '~/lib/notice-announce';
import { firstBrokenRule, type ClientRule, type ClientRules } from '~/lib/forms/rules';
import { padMembershipNo } from '~/lib/membership-no';

const d = document;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (el: unknown): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

function membershipNumbers(): void {
  d.querySelectorAll<HTMLInputElement>('input[name="membershipNo"]:not([type="hidden"])').forEach((input) => {
    input.addEventListener('blur', () => {
      input.value = padMembershipNo(input.value);
    });
  });
}

/** Show/hide password: the server renders the button hidden; it controls the inputs it names. */
function passwordToggles(): void {
  d.querySelectorAll<HTMLButtonElement>('button[data-password-toggle]').forEach((button) => {
    const inputs = (button.getAttribute('aria-controls') ?? '')
      .split(/\s+/)
      .map((id) => d.getElementById(id))
      .filter((el): el is HTMLInputElement => el instanceof HTMLInputElement);
    if (!inputs.length) return;
    button.hidden = false;
    button.addEventListener('click', () => {
      const show = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', show ? 'true' : 'false');
      button.textContent = (show ? button.dataset.hideLabel : button.dataset.showLabel) ?? '';
      inputs.forEach((input) => {
        input.type = show ? 'text' : 'password';
      });
    });
  });
}

/** The first message of the field's rules that its value breaks, or '' (the server's own rules). */
function check(form: HTMLFormElement, input: Control, rules: readonly ClientRule[]): string {
  const checkbox = input instanceof HTMLInputElement && input.type === 'checkbox';
  return firstBrokenRule(rules, checkbox ? '' : input.value, {
    checked: checkbox && input.checked,
    other: (name) => {
      const other = form.elements.namedItem(name);
      return isControl(other) ? other.value : undefined;
    },
  });
}

/** The field's inline error, wired the way the server renders it (components/forms.tsx). */
function showError(form: HTMLFormElement, input: Control, message: string): void {
  const field = input.closest('.field, [data-field]');
  const error = field?.querySelector('.field__error[id]');
  if (!field || !error) return;
  field.classList.toggle('field--error', Boolean(message) && field.classList.contains('field'));
  const hint = field.querySelector('.field__hint[id]');
  const describedBy = hint ? [hint.id] : [];
  if (writeFieldError(form, error, input, message)) describedBy.push(error.id);
  if (describedBy.length) input.setAttribute('aria-describedby', describedBy.join(' '));
  else input.removeAttribute('aria-describedby');
}

/** The error summary above the form (components/error-summary.tsx), focused like after a failed post. */
function showSummary(form: HTMLFormElement, items: { id: string; message: string }[]): void {
  d.getElementById('error-summary')?.remove();
  // The markup of components/error-summary.tsx: the alert role on an inner element, no name on the
  // focused box, so focusing it reads every error (ADR 113).
  const summary = d.createElement('div');
  summary.id = 'error-summary';
  summary.className = 'error-summary';
  summary.tabIndex = -1;
  const alert = d.createElement('div');
  alert.setAttribute('role', 'alert');
  const title = d.createElement('h2');
  title.className = 'error-summary__title';
  title.textContent = form.dataset.summaryTitle ?? '';
  const list = d.createElement('ul');
  list.className = 'error-summary__list';
  items.forEach((item) => {
    const li = d.createElement('li');
    const link = d.createElement('a');
    link.href = `#${item.id}`;
    link.textContent = item.message;
    li.append(link);
    list.append(li);
  });
  alert.append(title, list);
  summary.append(alert);
  // Above the form, where the server renders it after a failed post.
  form.before(summary);
  const prefix = form.dataset.errorPrefix ?? '';
  if (d.title.indexOf(prefix) !== 0) d.title = `${prefix} ${d.title}`;
  summary.focus();
}

/** The busy state of the submit button: disabled, a spinner, and a status line for screen readers. */
function busy(form: HTMLFormElement, on: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"][data-busy-label]');
  if (!button) return;
  let status = form.querySelector('[data-busy-status]');
  let spinner = button.querySelector('.spinner');
  if (on) {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    if (!spinner) {
      spinner = d.createElement('span');
      spinner.className = 'spinner';
      spinner.setAttribute('aria-hidden', 'true');
      button.prepend(spinner);
    }
    if (!status) {
      status = d.createElement('p');
      status.className = 'visually-hidden';
      status.setAttribute('role', 'status');
      status.setAttribute('data-busy-status', '');
      button.after(status);
    }
    status.textContent = button.dataset.busyLabel ?? '';
  } else {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    spinner?.remove();
    status?.remove();
  }
}

function validation(): void {
  d.querySelectorAll<HTMLFormElement>('form[data-rules]').forEach((form) => {
    let rules: ClientRules;
    try {
      rules = JSON.parse(form.dataset.rules ?? '') as ClientRules;
    } catch {
      return;
    }
    const names = Object.keys(rules);
    const input = (name: string): Control | null => {
      const el = form.elements.namedItem(name);
      return isControl(el) && el.id ? el : null;
    };
    const validate = (name: string): string => {
      const el = input(name);
      if (!el) return '';
      const message = check(form, el, rules[name] ?? []);
      showError(form, el, message);
      return message;
    };
    // As on a form rendered by React: a field is checked when it is left, and again as it is
    // corrected once it shows an error.
    names.forEach((name) => {
      const el = input(name);
      if (!el) return;
      el.addEventListener('blur', () => {
        if (el.value || el.getAttribute('aria-invalid')) validate(name);
      });
      el.addEventListener(el.type === 'checkbox' ? 'change' : 'input', () => {
        if (el.getAttribute('aria-invalid')) validate(name);
      });
    });
    form.addEventListener('submit', (event) => {
      const items: { id: string; message: string }[] = [];
      names.forEach((name) => {
        const message = validate(name);
        const el = input(name);
        if (message && el) items.push({ id: el.id, message });
      });
      if (items.length) {
        event.preventDefault();
        showSummary(form, items);
        return;
      }
      busy(form, true);
    });
  });
  // Back to a page kept by the browser: its buttons are ready again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    d.querySelectorAll('form').forEach((form) => {
      busy(form, false);
    });
  });
}

/**
 * Tabs whose choice is in the address (components/member/tabs.tsx): links to `?tab=key` without
 * scripts, the WAI-ARIA tabs pattern with them. Every panel is in the page, so choosing a tab asks
 * the server for nothing; the address follows without a new history entry.
 */
function tabs(): void {
  d.querySelectorAll<HTMLElement>('[data-tabs]').forEach((root) => {
    const param = root.dataset.tabs ?? 'tab';
    const list = root.querySelector<HTMLElement>('.tabs__list');
    const links = Array.from(root.querySelectorAll<HTMLAnchorElement>('a[data-tab]'));
    const panels = Array.from(root.querySelectorAll<HTMLElement>('.tabs__panel'));
    if (!list || !links.length || links.length !== panels.length) return;
    list.setAttribute('role', 'tablist');
    links.forEach((link, i) => {
      const panel = panels[i]!;
      link.parentElement?.setAttribute('role', 'presentation');
      link.setAttribute('role', 'tab');
      link.setAttribute('aria-controls', panel.id);
      link.removeAttribute('aria-current');
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', link.id);
      if (!panel.hasAttribute('data-starts-focusable')) panel.tabIndex = 0;
    });
    const current = (): number =>
      Math.max(
        0,
        panels.findIndex((panel) => !panel.hidden),
      );
    const choose = (index: number, remember: boolean): void => {
      links.forEach((link, i) => {
        const chosen = i === index;
        link.setAttribute('aria-selected', chosen ? 'true' : 'false');
        link.tabIndex = chosen ? 0 : -1;
        panels[i]!.hidden = !chosen;
      });
      if (!remember) return;
      const url = new URL(window.location.href);
      url.searchParams.set(param, links[index]?.dataset.tab ?? '');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    };
    choose(current(), false);
    links.forEach((link, i) => {
      link.addEventListener('click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (i !== current()) choose(i, true);
      });
    });
    list.addEventListener('keydown', (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const now = current();
      const next = tabAfterKey(event.key, now, links.length);
      if (next === null) return;
      event.preventDefault();
      links[next]?.focus();
      if (next !== now) choose(next, true);
    });
  });
}

/** Where the server wrote the hint to press Ctrl+P, a button that opens the print dialog. */
function printButtons(): void {
  d.querySelectorAll<HTMLElement>('[data-print-button]').forEach((place) => {
    const button = d.createElement('button');
    button.type = 'button';
    button.className = 'button';
    button.textContent = place.dataset.printButton ?? '';
    button.addEventListener('click', () => {
      window.print();
    });
    place.replaceChildren(button);
  });
}

membershipNumbers();
memberDrawer();
passwordToggles();
validation();
announcePageNotices();
tabs();
printButtons();
