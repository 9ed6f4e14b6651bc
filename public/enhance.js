// Sahakorn — the one enhancement script of the public pages (ADR 013). Plain JavaScript, no
// framework, loaded with the page's CSP nonce. Every feature here also works without it: the search
// trigger is a link to /search, the cookie banner is a POST form, the marquee is CSS. The Thai text
// it shows comes from the server-rendered markup (data attributes), never from this file.
(function () {
  'use strict';
  var d = document;

  /** The header's search link becomes a button that opens the native <dialog>. */
  function searchDialog() {
    var dialog = d.getElementById('search-dialog');
    var link = d.querySelector('a[data-search-trigger]');
    if (!dialog || !link || typeof dialog.showModal !== 'function' || !window.fetch) return;
    var form = dialog.querySelector('[data-search-form]');
    var input = form.elements.namedItem('q');
    var error = form.querySelector('[data-search-error]');
    var status = dialog.querySelector('[data-search-status]');
    var results = dialog.querySelector('[data-search-results]');
    var controller = null;

    var button = d.createElement('button');
    button.type = 'button';
    button.className = link.className;
    button.setAttribute('aria-haspopup', 'dialog');
    while (link.firstChild) button.appendChild(link.firstChild);
    link.replaceWith(button);

    button.addEventListener('click', function () {
      dialog.showModal();
      input.focus();
    });
    // One Esc closes the dialog, also from the search box (where Chromium would first clear the text).
    dialog.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        dialog.close();
      }
    });
    // Esc, the close button and any other way of closing end here.
    dialog.addEventListener('close', function () {
      if (controller) controller.abort();
      button.focus();
    });

    function setError(message) {
      error.textContent = '';
      error.parentElement.classList.toggle('field--error', Boolean(message));
      if (message) {
        var prefix = d.createElement('span');
        prefix.className = 'visually-hidden';
        prefix.textContent = form.dataset.errorPrefix + ' ';
        error.append(prefix, message);
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', error.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }

    /** The live status: a spinner while loading; afterwards a sentence for screen readers only. */
    function setStatus(text, kind) {
      status.textContent = '';
      var span = d.createElement('span');
      span.textContent = text;
      if (kind === 'loading') {
        var spinner = d.createElement('span');
        spinner.className = 'spinner spinner--dark';
        spinner.setAttribute('aria-hidden', 'true');
        status.append(spinner);
      } else if (kind === 'done') {
        span.className = 'visually-hidden';
      }
      if (text) status.append(span);
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var query = input.value.replace(/\s+/g, ' ').trim();
      if (!query) {
        setError(form.dataset.required);
        input.focus();
        return;
      }
      setError('');
      if (controller) controller.abort();
      var mine = (controller = new AbortController());
      results.setAttribute('aria-busy', 'true');
      setStatus(status.dataset.loading, 'loading');
      fetch(results.dataset.fragment + '?q=' + encodeURIComponent(query), {
        signal: mine.signal,
        credentials: 'same-origin',
        headers: { Accept: 'text/html' },
      })
        .then(function (response) {
          // 400 and 429 carry a message in the fragment; anything else is a failure.
          if (!response.ok && response.status !== 400 && response.status !== 429) throw new Error(response.status);
          return response.text();
        })
        .then(function (html) {
          // Markup of our own server, rendered by React with every text escaped; a template is inert.
          var template = d.createElement('template');
          template.innerHTML = html;
          results.textContent = '';
          results.append(template.content);
          var root = results.firstElementChild;
          setStatus(root ? root.getAttribute('data-summary') || '' : '', 'done');
        })
        .catch(function () {
          if (!mine.signal.aborted) setStatus(status.dataset.failed, 'failed');
        })
        .finally(function () {
          if (controller === mine) results.removeAttribute('aria-busy');
        });
    });
  }

  /** Exact pace: one pixel per 10 ms step (spec §9), whatever the text's width; CSS has a default. */
  function marquee() {
    var root = d.querySelector('[data-marquee]');
    if (!root) return;
    var track = root.querySelector('.marquee__track');
    var copy = root.querySelector('.marquee__copy');
    var toggle = root.querySelector('.marquee__toggle');
    function pace(width) {
      // CSSOM custom property: allowed by the CSP, unlike a style attribute.
      if (width > 0) track.style.setProperty('--marquee-duration', Math.round(width * 10) + 'ms');
    }
    // Measured when the browser lays the page out anyway, never by forcing a layout while the page
    // loads (ADR 022): a ResizeObserver reports the size after layout, first with the first frame.
    function measure() {
      pace(copy.getBoundingClientRect().width);
    }
    if (window.ResizeObserver) {
      new ResizeObserver(function (entries) {
        var box = entries[entries.length - 1].borderBoxSize;
        if (box && box[0]) pace(box[0].inlineSize);
        else measure();
      }).observe(copy);
    } else {
      window.requestAnimationFrame(function () {
        setTimeout(measure, 0);
      });
      window.addEventListener('resize', measure);
    }
    // A pause holds for the rest of the visit. Reading it asks the browser synchronously, which
    // can take tens of milliseconds while the page loads: it is read once the page is idle (at the
    // latest after two seconds), and the marquee holds still until then. A choice made meanwhile wins.
    var chosen = false;
    toggle.addEventListener('change', function () {
      chosen = true;
      try {
        sessionStorage.setItem('marqueePaused', toggle.checked ? '1' : '0');
      } catch {
        // Storage switched off: the pause lasts for this page only.
      }
    });
    root.classList.add('marquee--restoring');
    var later =
      window.requestIdleCallback ||
      function (fn) {
        return setTimeout(fn, 50);
      };
    later(
      function () {
        try {
          if (!chosen && sessionStorage.getItem('marqueePaused') === '1') toggle.checked = true;
        } catch {
          // Storage switched off: nothing was kept.
        }
        root.classList.remove('marquee--restoring');
      },
      { timeout: 2000 },
    );
  }

  /** Accept or reject without a page load; the banner goes and focus moves to the main content. */
  function cookieConsent() {
    var banner = d.querySelector('[data-cookie-consent]');
    if (!banner || !window.fetch) return;
    var form = banner.querySelector('form');
    form.addEventListener('submit', function (event) {
      var submitter = event.submitter;
      if (!submitter || !submitter.name) return;
      event.preventDefault();
      var body = new FormData(form);
      body.set(submitter.name, submitter.value);
      fetch(form.action, {
        method: 'POST',
        body: body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      })
        .then(function (response) {
          if (!response.ok) throw new Error(response.status);
          banner.remove();
          var main = d.getElementById('main');
          if (main) {
            main.setAttribute('tabindex', '-1');
            main.focus({ preventScroll: true });
          }
        })
        .catch(function () {
          // Fall back to the plain form post.
          var choice = d.createElement('input');
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
  function menuGroups() {
    function closeAll(except) {
      d.querySelectorAll('details.menu__group[open]').forEach(function (group) {
        if (group !== except) group.open = false;
      });
    }
    d.addEventListener('click', function (event) {
      var target = event.target instanceof Element ? event.target.closest('details.menu__group') : null;
      closeAll(target);
    });
    d.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape') return;
      var open = d.querySelector('details.menu__group[open]');
      if (!open) return;
      closeAll(null);
      open.querySelector('summary').focus();
    });
  }

  searchDialog();
  marquee();
  cookieConsent();
  menuGroups();
})();
