// Sahakorn — the member menu's drawer below 1024 px (components/member/member-shell.tsx, ADR 111).
// Without scripts the toggle is a link to #member-menu and the drawer is its :target (the stylesheet
// hides what it covers from the keyboard). With them, this module opens it in place: everything the
// drawer covers is `inert`, focus goes to its first link ("ปิดเมนู"), and Esc, that link or a click
// beside the drawer closes it and gives focus back to the toggle. The member area's own script calls
// it on pages that do not hydrate; the member layout's effect calls it on pages React runs.

/** Where the drawer is a drawer: below 1024 px (the stylesheet's side-menu breakpoint). */
export const DRAWER_MEDIA = '(max-width: 63.99em)';

/**
 * Every element beside the path from `el` up to <body>: what a modal `el` covers. Those already
 * inert are left out, so closing gives back exactly what opening took.
 */
export function coveredBy(el: Element): HTMLElement[] {
  const covered: HTMLElement[] = [];
  for (let node: Element | null = el; node && node !== node.ownerDocument.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement?.children ?? [])) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE' || sibling.tagName === 'TEMPLATE') continue;
      covered.push(sibling);
    }
  }
  return covered;
}

/** Wires the drawer of the page, if it has one; returns what undoes it (for a React effect). */
export function memberDrawer(doc: Document = document): () => void {
  const nav = doc.getElementById('member-menu');
  const toggle = doc.querySelector<HTMLAnchorElement>('a.member-header__drawer-toggle[href="#member-menu"]');
  const close = nav?.querySelector<HTMLAnchorElement>('a.member-nav__close');
  const view = doc.defaultView;
  if (!nav || !toggle || !close || !view) return () => undefined;
  const narrow = view.matchMedia(DRAWER_MEDIA);
  let covered: HTMLElement[] = [];

  toggle.setAttribute('aria-controls', nav.id);
  toggle.setAttribute('aria-expanded', 'false');

  const isOpen = () => nav.classList.contains('is-open');
  const open = () => {
    if (isOpen()) return;
    nav.classList.add('is-open');
    toggle.setAttribute('aria-expanded', 'true');
    covered = coveredBy(nav);
    covered.forEach((el) => {
      el.inert = true;
    });
    close.focus();
  };
  const shut = (giveFocusBack: boolean) => {
    if (!isOpen()) return;
    nav.classList.remove('is-open');
    toggle.setAttribute('aria-expanded', 'false');
    covered.forEach((el) => {
      el.inert = false;
    });
    covered = [];
    if (giveFocusBack) toggle.focus();
  };

  const plainClick = (event: MouseEvent) =>
    event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  const onToggle = (event: MouseEvent) => {
    if (!plainClick(event) || !narrow.matches) return;
    event.preventDefault();
    open();
  };
  const onClose = (event: MouseEvent) => {
    if (!plainClick(event) || !isOpen()) return;
    event.preventDefault();
    shut(true);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    event.preventDefault();
    shut(true);
  };
  const onPointer = (event: PointerEvent) => {
    if (isOpen() && event.target instanceof Node && !nav.contains(event.target)) shut(true);
  };
  const onMedia = () => {
    if (!narrow.matches) shut(false);
  };

  toggle.addEventListener('click', onToggle);
  close.addEventListener('click', onClose);
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('pointerdown', onPointer);
  narrow.addEventListener('change', onMedia);

  // Opened before the script ran (the link without scripts, or a reload of #member-menu): the same
  // drawer, opened in place, and the address without the fragment so that closing really closes it.
  if (narrow.matches && view.location.hash === `#${nav.id}`) {
    // :target follows fragment navigations only: one to no fragment ends it.
    view.location.replace('#');
    view.history.replaceState(view.history.state, '', view.location.pathname + view.location.search);
    open();
  }

  return () => {
    shut(false);
    toggle.removeEventListener('click', onToggle);
    close.removeEventListener('click', onClose);
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('pointerdown', onPointer);
    narrow.removeEventListener('change', onMedia);
    toggle.removeAttribute('aria-expanded');
    toggle.removeAttribute('aria-controls');
  };
}
