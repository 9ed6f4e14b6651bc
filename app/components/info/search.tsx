import { FieldShell } from '~/components/field-shell';
import { ERROR_PREFIX } from '~/lib/meta';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { formatNumber } from '~/lib/thai-format';
import { Pager } from '~/components/member/data';
import type { HighlightPart } from '~/server/search/highlight';
import { MAX_QUERY_LENGTH } from '~/server/search/segment';

/** The search's words (spec §2, §5, §8), in one place for the page, the dialog and the script. */
export const SEARCH_TEXT = {
  trigger: 'ค้นหาเนื้อหาต่างๆ',
  title: 'ค้นหาเนื้อหาภายในเว็บไซต์',
  label: 'คำค้นหา',
  submit: 'ค้นหา',
  results: 'ผลการค้นหา',
  notFound: 'ไม่พบคำที่ค้นหา',
  recommended: 'เมนูแนะนำ',
  required: 'กรุณากรอกคำค้นหา',
  tooLong: `คำค้นหายาวเกินไป กรุณากรอกไม่เกิน ${MAX_QUERY_LENGTH} ตัวอักษร`,
  tooMany: 'มีการค้นหาจำนวนมากเกินไป กรุณารอสักครู่แล้วลองใหม่อีกครั้ง',
  loading: 'กำลังค้นหา…',
  close: 'ปิด',
} as const;

/** The search page; without JavaScript the header's trigger links here and the form GETs it. */
export const SEARCH_PATH = '/search';
/** The same results as an HTML fragment, for the dialog of the enhancement script. */
export const SEARCH_FRAGMENT_PATH = '/search/fragment';

export interface SearchHitView {
  no: number;
  href: string;
  question: HighlightPart[];
  /** A highlighted excerpt of the Note, or null when the Note does not contain the query (find_note = 0). */
  note: HighlightPart[] | null;
}

export interface RecommendedView {
  label: string;
  href: string;
}

/** What a search page or fragment shows. `result` is null before a search and after a refused one. */
export interface SearchView {
  query: string;
  error: string | null;
  /** One page of the hits; `total` counts them all. */
  result: { total: number; page: number; pages: number; hits: SearchHitView[] } | null;
  recommended: RecommendedView[];
}

/** `“query”` as the spec's headings quote it. */
export const quoted = (query: string): string => `“${query}”`;

/** One sentence for screen readers once results arrive in the dialog. */
export function searchSummary(view: SearchView): string {
  if (view.error) return view.error;
  if (!view.result) return '';
  const { total } = view.result;
  return total
    ? `${SEARCH_TEXT.results} ${quoted(view.query)} พบ ${formatNumber(total, 0)} รายการ`
    : `${SEARCH_TEXT.notFound} ${quoted(view.query)}`;
}

/** Text with the matched words in `<mark>`; every part is a text node, so nothing is injected. */
export function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return <>{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

export function SearchIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function BookmarkIcon() {
  return (
    <svg
      className="icon search-hit__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 3h12v18l-6-4.5L6 21z" fill="currentColor" />
    </svg>
  );
}

/**
 * The header's trigger: a link to the search page; the enhancement script makes it open the dialog.
 * On the narrowest phones it shows its first word only (ค้นหา), so it stays one line beside the login
 * button; its name is the whole label at every width (app.css, `.search-trigger__more`).
 */
export function SearchTrigger() {
  const first = SEARCH_TEXT.submit;
  const more = SEARCH_TEXT.trigger.startsWith(first) ? SEARCH_TEXT.trigger.slice(first.length) : '';
  return (
    <a className="search-trigger" href={SEARCH_PATH} data-search-trigger="">
      <SearchIcon />
      {more ? (
        <>
          <span aria-hidden="true">
            {first}
            <span className="search-trigger__more">{more}</span>
          </span>
          <span className="visually-hidden">{SEARCH_TEXT.trigger}</span>
        </>
      ) : (
        SEARCH_TEXT.trigger
      )}
    </a>
  );
}

/** The search form: a GET to the search page (the dialog's copy is submitted by the script). */
export function SearchForm({
  idPrefix,
  query = '',
  error = null,
}: {
  idPrefix: string;
  query?: string;
  error?: string | null;
}) {
  const inputId = `${idPrefix}-q`;
  return (
    <form
      className="search-form"
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label={SEARCH_TEXT.title}
      noValidate
      data-search-form=""
      data-required={SEARCH_TEXT.required}
      data-error-prefix={ERROR_PREFIX}
    >
      <FieldShell id={inputId} label={SEARCH_TEXT.label} error={error} errorData={{ 'data-search-error': '' }}>
        {(control) => (
          <>
            <input
              {...control}
              name="q"
              type="search"
              defaultValue={query}
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
            />
            <button className="button" type="submit">
              {SEARCH_TEXT.submit}
            </button>
          </>
        )}
      </FieldShell>
    </form>
  );
}

/** Results or the not-found message, then the recommended menu. */
export function SearchOutcome({
  view,
  idPrefix,
  level = 2,
}: {
  view: SearchView;
  idPrefix: string;
  /** Heading level of the sections: 2 on the page, 3 in the dialog. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { result } = view;
  return (
    <>
      {result ? (
        <section className="search-outcome" aria-labelledby={`${idPrefix}-results`}>
          <Heading id={`${idPrefix}-results`} className="search-outcome__title">
            {result.total ? SEARCH_TEXT.results : SEARCH_TEXT.notFound} {quoted(view.query)}
          </Heading>
          {result.total ? (
            <>
              <p className="search-outcome__count">
                พบ {formatNumber(result.total, 0)} รายการ
                {result.pages > 1 ? ` (หน้า ${formatNumber(result.page, 0)} จาก ${formatNumber(result.pages, 0)})` : ''}
              </p>
              <ul className="search-hits">
                {result.hits.map((hit) => (
                  <li key={hit.no} className="search-hit">
                    <a className="search-hit__link" href={hit.href}>
                      <BookmarkIcon />
                      <span>
                        <Highlighted parts={hit.question} />
                      </span>
                    </a>
                    {hit.note ? (
                      <p className="search-hit__note">
                        <Highlighted parts={hit.note} />
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
              <Pager
                page={result.page}
                pages={result.pages}
                hrefFor={(n) => `${SEARCH_PATH}?${new URLSearchParams({ q: view.query, page: String(n) })}`}
                label={`หน้าของผลการค้นหา ${quoted(view.query)}`}
              />
            </>
          ) : null}
        </section>
      ) : null}
      {view.recommended.length ? (
        <section className="search-recommended" aria-labelledby={`${idPrefix}-recommended`}>
          <Heading id={`${idPrefix}-recommended`} className="search-outcome__title">
            {SEARCH_TEXT.recommended}
          </Heading>
          <ul className="search-recommended__list">
            {view.recommended.map((item) => (
              <li key={`${item.href}-${item.label}`}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The dialog's results as served by the fragment route; `data-summary` is announced by the script. */
export function SearchFragment({ view }: { view: SearchView }) {
  return (
    <div data-summary={searchSummary(view)}>
      {view.error ? <p className="search-dialog__error">{view.error}</p> : null}
      <SearchOutcome view={view} idPrefix="search-dialog" level={3} />
    </div>
  );
}

/**
 * The search dialog (native `<dialog>`), closed in the page and opened only by the enhancement
 * script; without scripts it never shows and the trigger stays a link to the search page.
 */
export function SearchDialog() {
  return (
    <dialog id="search-dialog" className="search-dialog" aria-labelledby="search-dialog-title">
      <div className="search-dialog__head">
        <h2 id="search-dialog-title" className="search-dialog__title">
          {SEARCH_TEXT.title}
        </h2>
        <form method="dialog">
          <button className="button button--secondary button--small" type="submit">
            {SEARCH_TEXT.close}
          </button>
        </form>
      </div>
      <SearchForm idPrefix="search-dialog" />
      <div
        className="search-dialog__status"
        role="status"
        data-search-status=""
        data-loading={SEARCH_TEXT.loading}
        data-failed={UNAVAILABLE_MESSAGE}
      />
      <div className="search-dialog__results" data-search-results="" data-fragment={SEARCH_FRAGMENT_PATH} />
    </dialog>
  );
}
