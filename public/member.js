// Sahakorn — the one script of the member area's pages that do not hydrate (ADR 068, ADR 085): the
// login, register and forgotten-password pages and every member page but those with a React form.
// The pages are server-rendered and work without any script. This file only adds the spec's touches:
// the membership number padded to six digits on blur, the password show/hide toggle, the submit
// spinner, the form's messages shown before a round trip, notices that go after their time, the
// welfare tabs' keyboard pattern, and the print button. Every Thai text it shows comes from the
// server-rendered markup (data attributes), never from this file.
(function () {
  'use strict';
  var d = document;

  /** The spec's padding (thai-format's padMembershipNo): 1–6 digits get leading zeros to 6. */
  function padMembershipNo(value) {
    var v = value.trim();
    return /^\d{1,6}$/.test(v) ? ('000000' + v).slice(-6) : v;
  }

  function membershipNumbers() {
    d.querySelectorAll('input[name="membershipNo"]:not([type="hidden"])').forEach(function (input) {
      input.addEventListener('blur', function () {
        input.value = padMembershipNo(input.value);
      });
    });
  }

  /** Show/hide password: the server renders the button hidden; it controls the inputs it names. */
  function passwordToggles() {
    d.querySelectorAll('button[data-password-toggle]').forEach(function (button) {
      var inputs = (button.getAttribute('aria-controls') || '')
        .split(/\s+/)
        .map(function (id) {
          return d.getElementById(id);
        })
        .filter(Boolean);
      if (!inputs.length) return;
      button.hidden = false;
      button.addEventListener('click', function () {
        var show = button.getAttribute('aria-pressed') !== 'true';
        button.setAttribute('aria-pressed', show ? 'true' : 'false');
        button.textContent = show ? button.dataset.hideLabel : button.dataset.showLabel;
        inputs.forEach(function (input) {
          input.type = show ? 'text' : 'password';
        });
      });
    });
  }

  /** The first message of the field's rules that its value breaks, or ''. */
  function check(form, input, rules) {
    var value = input.type === 'checkbox' ? '' : input.value;
    for (var i = 0; i < rules.length; i++) {
      var rule = rules[i];
      var kind = rule[0];
      if (kind === 'required' && !value.trim()) return rule[1];
      if (kind === 'checked' && !input.checked) return rule[1];
      if (kind === 'pattern' && value.trim() && !new RegExp(rule[1]).test(value.trim())) return rule[2];
      // Counted in characters (code points), as the server counts them.
      if (kind === 'min' && value && Array.from(value).length < rule[1]) return rule[2];
      if (kind === 'same') {
        var other = form.elements.namedItem(rule[1]);
        if (other && value && other.value && value !== other.value) return rule[2];
      }
    }
    return '';
  }

  /** The field's inline error, wired the way the server renders it (components/forms.tsx). */
  function showError(form, input, message) {
    var field = input.closest('.field, [data-field]');
    var error = field && field.querySelector('.field__error[id]');
    if (!error) return;
    field.classList.toggle('field--error', Boolean(message) && field.classList.contains('field'));
    error.textContent = '';
    var hint = field.querySelector('.field__hint[id]');
    var describedBy = hint ? [hint.id] : [];
    if (message) {
      var prefix = d.createElement('span');
      prefix.className = 'visually-hidden';
      prefix.textContent = form.dataset.errorPrefix + ' ';
      error.append(prefix, message);
      input.setAttribute('aria-invalid', 'true');
      describedBy.push(error.id);
    } else {
      input.removeAttribute('aria-invalid');
    }
    if (describedBy.length) input.setAttribute('aria-describedby', describedBy.join(' '));
    else input.removeAttribute('aria-describedby');
  }

  /** The error summary above the form (components/error-summary.tsx), focused like after a failed post. */
  function showSummary(form, items) {
    var old = d.getElementById('error-summary');
    if (old) old.remove();
    var summary = d.createElement('div');
    summary.id = 'error-summary';
    summary.className = 'error-summary';
    summary.setAttribute('role', 'alert');
    summary.setAttribute('aria-labelledby', 'error-summary-title');
    summary.tabIndex = -1;
    var title = d.createElement('h2');
    title.id = 'error-summary-title';
    title.className = 'error-summary__title';
    title.textContent = form.dataset.summaryTitle;
    var list = d.createElement('ul');
    list.className = 'error-summary__list';
    items.forEach(function (item) {
      var li = d.createElement('li');
      var link = d.createElement('a');
      link.href = '#' + item.id;
      link.textContent = item.message;
      li.append(link);
      list.append(li);
    });
    summary.append(title, list);
    // Above the form, where the server renders it after a failed post.
    form.before(summary);
    var prefix = form.dataset.errorPrefix;
    if (d.title.indexOf(prefix) !== 0) d.title = prefix + ' ' + d.title;
    summary.focus();
  }

  /** The busy state of the submit button: disabled, a spinner, and a status line for screen readers. */
  function busy(form, on) {
    var button = form.querySelector('button[type="submit"][data-busy-label]');
    if (!button) return;
    var status = form.querySelector('[data-busy-status]');
    var spinner = button.querySelector('.spinner');
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
      status.textContent = button.dataset.busyLabel;
    } else {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      if (spinner) spinner.remove();
      if (status) status.remove();
    }
  }

  function validation() {
    d.querySelectorAll('form[data-rules]').forEach(function (form) {
      var rules;
      try {
        rules = JSON.parse(form.dataset.rules);
      } catch {
        return;
      }
      var names = Object.keys(rules);
      function input(name) {
        var el = form.elements.namedItem(name);
        return el && el.id ? el : null;
      }
      function validate(name) {
        var el = input(name);
        if (!el) return '';
        var message = check(form, el, rules[name]);
        showError(form, el, message);
        return message;
      }
      // As on a form rendered by React: a field is checked when it is left, and again as it is
      // corrected once it shows an error.
      names.forEach(function (name) {
        var el = input(name);
        if (!el) return;
        el.addEventListener('blur', function () {
          if (el.value || el.getAttribute('aria-invalid')) validate(name);
        });
        el.addEventListener(el.type === 'checkbox' ? 'change' : 'input', function () {
          if (el.getAttribute('aria-invalid')) validate(name);
        });
      });
      form.addEventListener('submit', function (event) {
        var items = [];
        names.forEach(function (name) {
          var message = validate(name);
          if (message) items.push({ id: input(name).id, message: message });
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
    window.addEventListener('pageshow', function (event) {
      if (!event.persisted) return;
      d.querySelectorAll('form').forEach(function (form) {
        busy(form, false);
      });
    });
  }

  /** A notice goes after its time (spec §9), as it does on a page React runs; without scripts it stays. */
  function notices() {
    d.querySelectorAll('.notices[data-duration]').forEach(function (area) {
      setTimeout(function () {
        area.replaceChildren();
        area.removeAttribute('data-duration');
      }, Number(area.dataset.duration));
    });
  }

  /**
   * Tabs whose choice is in the address (components/member/tabs.tsx): links to `?tab=key` without
   * scripts, the WAI-ARIA tabs pattern with them. Every panel is in the page, so choosing a tab asks
   * the server for nothing; the address follows without a new history entry.
   */
  function tabs() {
    d.querySelectorAll('[data-tabs]').forEach(function (root) {
      var param = root.dataset.tabs;
      var list = root.querySelector('.tabs__list');
      var links = Array.prototype.slice.call(root.querySelectorAll('a[data-tab]'));
      var panels = Array.prototype.slice.call(root.querySelectorAll('.tabs__panel'));
      if (!list || !links.length || links.length !== panels.length) return;
      list.setAttribute('role', 'tablist');
      links.forEach(function (link, i) {
        var panel = panels[i];
        link.parentElement.setAttribute('role', 'presentation');
        link.setAttribute('role', 'tab');
        link.setAttribute('aria-controls', panel.id);
        link.removeAttribute('aria-current');
        panel.setAttribute('role', 'tabpanel');
        panel.setAttribute('aria-labelledby', link.id);
        if (!panel.hasAttribute('data-starts-focusable')) panel.tabIndex = 0;
      });
      function current() {
        for (var i = 0; i < panels.length; i++) if (!panels[i].hidden) return i;
        return 0;
      }
      function choose(index, remember) {
        links.forEach(function (link, i) {
          var chosen = i === index;
          link.setAttribute('aria-selected', chosen ? 'true' : 'false');
          link.tabIndex = chosen ? 0 : -1;
          panels[i].hidden = !chosen;
        });
        if (!remember) return;
        var url = new URL(window.location.href);
        url.searchParams.set(param, links[index].dataset.tab);
        history.replaceState(history.state, '', url.pathname + url.search + url.hash);
      }
      choose(current(), false);
      links.forEach(function (link, i) {
        link.addEventListener('click', function (event) {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          if (i !== current()) choose(i, true);
        });
      });
      list.addEventListener('keydown', function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        var now = current();
        var last = links.length - 1;
        var moves = {
          ArrowRight: now === last ? 0 : now + 1,
          ArrowLeft: now === 0 ? last : now - 1,
          Home: 0,
          End: last,
          ' ': now,
        };
        if (!(event.key in moves)) return;
        event.preventDefault();
        var next = moves[event.key];
        links[next].focus();
        if (next !== now) choose(next, true);
      });
    });
  }

  /** Where the server wrote the hint to press Ctrl+P, a button that opens the print dialog. */
  function printButtons() {
    d.querySelectorAll('[data-print-button]').forEach(function (place) {
      var button = d.createElement('button');
      button.type = 'button';
      button.className = 'button';
      button.textContent = place.dataset.printButton;
      button.addEventListener('click', function () {
        window.print();
      });
      place.replaceChildren(button);
    });
  }

  membershipNumbers();
  passwordToggles();
  validation();
  notices();
  tabs();
  printButtons();
})();
