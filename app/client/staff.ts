// Sahakorn — the one script of the staff back office's pages (ADR 116). The pages are server-rendered
// and work without it: a form posted after the session ended is kept on the server and comes back
// after signing in again. This module only adds, where the markup asks for them:
// - the warning before the session's idle end, with a button that extends it (a POST, answered in JSON);
// - the content form's check that the files chosen fit in one save, before anything is sent;
// - on the pages React does not hydrate, the notices the server wrote (a flash after a form) written
//   again once the page has loaded, so that a screen reader says them (ADR 112; React does it itself).
// Every Thai text it shows comes from the server-rendered markup, never from this file.
import { announcePageNotices } from '~/lib/notice-announce';

const d = document;

function sessionWarning(): void {
  const box = d.getElementById('staff-session');
  if (!box || !window.fetch) return;
  const idleMs = Number(box.dataset.idleMs);
  const touchMs = Number(box.dataset.touchMs);
  const warnMs = Number(box.dataset.warnMs);
  const form = box.querySelector('form');
  const ending = box.querySelector<HTMLElement>('[data-ending]');
  const over = box.querySelector<HTMLElement>('[data-over]');
  const done = box.querySelector<HTMLElement>('[data-extended]');
  if (!idleMs || !form || !ending || !over || !done) return;
  // The server moves the idle end forward at most once a minute: this page's request may not have.
  let endsAt = Date.now() + idleMs - touchMs;
  let ended = false;
  // The page's end can be scrolled above the warning, which lies over the foot of the screen.
  const room = (): void => {
    d.body.style.paddingBottom = box.hidden ? '' : `${box.offsetHeight}px`;
  };
  const show = (which: 'ending' | 'over' | 'none'): void => {
    box.hidden = which === 'none';
    ending.hidden = which !== 'ending';
    form.hidden = which !== 'ending';
    over.hidden = which !== 'over';
    if (which !== 'none') done.hidden = true;
    room();
  };
  const check = (): void => {
    const left = endsAt - Date.now();
    if (ended || left <= 0) {
      ended = true;
      show('over');
    } else if (left <= warnMs) {
      if (box.hidden) show('ending');
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ redirectTo: location.pathname }),
    })
      .then((response) => response.json().then((data: { expiresAt?: number; now?: number }) => ({ response, data })))
      .then(({ response, data }) => {
        if (!response.ok || typeof data.expiresAt !== 'number' || typeof data.now !== 'number') {
          ended = true;
          return check();
        }
        endsAt = Date.now() + (data.expiresAt - data.now);
        show('none');
        box.hidden = false;
        done.hidden = false;
        room();
        setTimeout(() => {
          if (!done.hidden) {
            done.hidden = true;
            box.hidden = true;
            room();
          }
        }, 5000);
      })
      .catch(() => {
        // The network failed: the warning stays, the button can be pressed again.
      });
  });
  setInterval(check, 5000);
  check();
}

/** Files the save cannot carry are said before sending: the edge would refuse the post outright. */
function uploadLimits(): void {
  d.querySelectorAll<HTMLFormElement>('form[data-upload-max]').forEach((form) => {
    const max = Number(form.dataset.uploadMax);
    const room = Number(form.dataset.uploadRoom);
    const error = form.querySelector<HTMLElement>('[data-upload-error]');
    if (!max || !error) return;
    form.addEventListener('submit', (event) => {
      // The files, the text typed (in UTF-8, as sent) and room for the form's framing.
      let bytes = 0;
      form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((input) => {
        const files = input instanceof HTMLInputElement && input.type === 'file' ? input.files : null;
        if (files) for (let i = 0; i < files.length; i++) bytes += files[i]!.size;
        else if (input.name) bytes += new Blob([input.value]).size;
      });
      if (bytes + room <= max) {
        error.hidden = true;
        error.className = '';
        return;
      }
      event.preventDefault();
      error.className = 'error-summary';
      error.hidden = false;
      error.focus();
    });
  });
}

sessionWarning();
uploadLimits();
if (!d.body.hasAttribute('data-hydrates')) announcePageNotices();

export {};
