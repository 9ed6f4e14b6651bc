// Sahakorn — the one enhancement script of the public pages (ADR 013, ADR 103). No framework, bundled
// by scripts/build-client.mjs and loaded by the page's hashed inline loader (ADR 034). Every feature
// here also works without it: the search trigger is a link to /search, the cookie banner is a POST
// form, the marquee is CSS. The Thai text it shows comes from the server-rendered markup (data
// attributes), never from this file.
import { writeFieldError } from './field-error';

import { announcePageNotices } from '~/lib/notice-announce';

const d = document;

/** The header's search link becomes a button that opens the native <dialog>. */
function searchDialog(): void {
  const dialog = d.getElementById('search-dialog');
  const link = d.querySelector<HTMLAnchorElement>('a[data-search-trigger]');
  if (!(dialog instanceof HTMLDialogElement) || !link || typeof dialog.showModal !== 'function' || !window.fetch) {
    return;
  }
  const form = dialog.querySelector<HTMLFormElement>('[data-search-form]');
  const input = form?.elements.namedItem('q');
  const error = form?.querySelector<HTMLElement>('[data-search-error]');
  const status = dialog.querySelector<HTMLElement>('[data-search-status]');
  const results = dialog.querySelector<HTMLElement>('[data-search-results]');
  if (!form || !(input instanceof HTMLInputElement) || !error || !status || !results) return;
  let controller: AbortController | null = null;

  const button = d.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.setAttribute('aria-haspopup', 'dialog');
  while (link.firstChild) button.appendChild(link.firstChild);
  link.replaceWith(button);

  button.addEventListener('click', () => {
    dialog.showModal();
    input.focus();
  });
  // One Esc closes the dialog, also from the search box (where Chromium would first clear the text).
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.close();
    }
  });
  // Esc, the close button and any other way of closing end here.
  dialog.addEventListener('close', () => {
    if (controller) controller.abort();
    button.focus();
  });

  // The message of an empty search is written while the focus stays in the box: a polite live region,
  // so that a screen reader says it (the box's description changing is not announced).
  error.setAttribute('aria-live', 'polite');
  error.setAttribute('aria-atomic', 'true');
  const setError = (message: string): void => {
    error.parentElement?.classList.toggle('field--error', Boolean(message));
    if (writeFieldError(form, error, input, message)) input.setAttribute('aria-describedby', error.id);
    else input.removeAttribute('aria-describedby');
  };

  /** The live status: a spinner while loading; afterwards a sentence for screen readers only. */
  const setStatus = (text: string, kind: 'loading' | 'done' | 'failed'): void => {
    status.textContent = '';
    const span = d.createElement('span');
    span.textContent = text;
    if (kind === 'loading') {
      const spinner = d.createElement('span');
      spinner.className = 'spinner spinner--dark';
      spinner.setAttribute('aria-hidden', 'true');
      status.append(spinner);
    } else if (kind === 'done') {
      span.className = 'visually-hidden';
    }
    if (text) status.append(span);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = input.value.replace(/\s+/g, ' ').trim();
    if (!query) {
      setError(form.dataset.required ?? '');
      input.focus();
      return;
    }
    setError('');
    if (controller) controller.abort();
    const mine = (controller = new AbortController());
    results.setAttribute('aria-busy', 'true');
    setStatus(status.dataset.loading ?? '', 'loading');
    fetch(`${results.dataset.fragment ?? ''}?q=${encodeURIComponent(query)}`, {
      signal: mine.signal,
      credentials: 'same-origin',
      headers: { Accept: 'text/html' },
    })
      .then((response) => {
        // 400 and 429 carry a message in the fragment; anything else is a failure.
        if (!response.ok && response.status !== 400 && response.status !== 429)
          throw new Error(String(response.status));
        return response.text();
      })
      .then((html) => {
        // Markup of our own server, rendered by React with every text escaped; a template is inert.
        const template = d.createElement('template');
        template.innerHTML = html;
        results.textContent = '';
        results.append(template.content);
        const root = results.firstElementChild;
        setStatus(root ? (root.getAttribute('data-summary') ?? '') : '', 'done');
      })
      .catch(() => {
        if (!mine.signal.aborted) setStatus(status.dataset.failed ?? '', 'failed');
      })
      .finally(() => {
        if (controller === mine) results.removeAttribute('aria-busy');
      });
  });
}

/** Exact pace: one pixel per 10 ms step (spec §9), whatever the text's width; CSS has a default. */
function marquee(): void {
  const root = d.querySelector<HTMLElement>('[data-marquee]');
  if (!root) return;
  const track = root.querySelector<HTMLElement>('.marquee__track');
  const copy = root.querySelector<HTMLElement>('.marquee__copy');
  const toggle = root.querySelector<HTMLInputElement>('.marquee__toggle');
  if (!track || !copy || !toggle) return;
  const pace = (width: number): void => {
    // CSSOM custom property: allowed by the CSP, unlike a style attribute.
    if (width > 0) track.style.setProperty('--marquee-duration', `${Math.round(width * 10)}ms`);
  };
  // Measured when the browser lays the page out anyway, never by forcing a layout while the page
  // loads (ADR 022): a ResizeObserver reports the size after layout, first with the first frame.
  const measure = (): void => {
    pace(copy.getBoundingClientRect().width);
  };
  if (window.ResizeObserver) {
    new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize;
      if (box && box[0]) pace(box[0].inlineSize);
      else measure();
    }).observe(copy);
  } else {
    window.requestAnimationFrame(() => {
      setTimeout(measure, 0);
    });
    window.addEventListener('resize', measure);
  }
  // A pause holds for the rest of the visit. Reading it asks the browser synchronously, which
  // can take tens of milliseconds while the page loads: it is read once the page is idle (at the
  // latest after two seconds), and the marquee holds still until then. A choice made meanwhile wins.
  let chosen = false;
  toggle.addEventListener('change', () => {
    chosen = true;
    try {
      sessionStorage.setItem('marqueePaused', toggle.checked ? '1' : '0');
    } catch {
      // Storage switched off: the pause lasts for this page only.
    }
  });
  root.classList.add('marquee--restoring');
  const restore = () => {
    try {
      if (!chosen && sessionStorage.getItem('marqueePaused') === '1') toggle.checked = true;
    } catch {
      // Storage switched off: nothing was kept.
    }
    root.classList.remove('marquee--restoring');
  };
  if (window.requestIdleCallback) window.requestIdleCallback(restore, { timeout: 2000 });
  else setTimeout(restore, 50);
}

/** Accept or reject without a page load; the banner goes and focus moves to the main content. */
function cookieConsent(): void {
  const banner = d.querySelector<HTMLElement>('[data-cookie-consent]');
  const form = banner?.querySelector('form');
  if (!banner || !form) return;
  // The bar is fixed at the bottom (ADR 110): the page is padded by its measured height, not the
  // stylesheet's estimate, so nothing it covers is out of reach and no space is wasted.
  const root = d.documentElement;
  if (window.ResizeObserver) {
    const observer = new ResizeObserver(() => {
      if (banner.isConnected) root.style.setProperty('--cookie-bar', `${banner.offsetHeight}px`);
    });
    observer.observe(banner);
  }
  if (!window.fetch) return;
  form.addEventListener('submit', (event) => {
    const submitter = event.submitter;
    if (!(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) || !submitter.name) return;
    event.preventDefault();
    const body = new FormData(form);
    body.set(submitter.name, submitter.value);
    fetch(form.action, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        banner.remove();
        root.style.removeProperty('--cookie-bar');
        const main = d.getElementById('main');
        if (main) {
          main.setAttribute('tabindex', '-1');
          main.focus({ preventScroll: true });
        }
      })
      .catch(() => {
        // Fall back to the plain form post.
        const choice = d.createElement('input');
        choice.type = 'hidden';
        choice.name = submitter.name;
        choice.value = submitter.value;
        form.append(choice);
        form.submit();
      });
  });
}

/**
 * The desktop menu's drop-downs (details grouped by name, so one is open at a time without
 * JavaScript) also close on Escape and on a click elsewhere.
 */
function menuGroups(): void {
  function closeAll(except: Element | null): void {
    d.querySelectorAll<HTMLDetailsElement>('details.menu__group[open]').forEach((group) => {
      if (group !== except) group.open = false;
    });
  }
  d.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('details.menu__group') : null;
    closeAll(target);
  });
  d.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = d.querySelector('details.menu__group[open]');
    if (!open) return;
    closeAll(null);
    open.querySelector<HTMLElement>('summary')?.focus();
  });
}

searchDialog();
announcePageNotices();
marquee();
cookieConsent();
menuGroups();
