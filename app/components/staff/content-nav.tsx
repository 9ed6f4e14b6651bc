import { CoreOwns } from '~/components/staff/core-owns';
import { CONTENT_PAGES as P, CONTENT_TEXT as T } from '~/lib/staff-content';
import { HISTORY_TEXT } from '~/lib/staff-history-text';

/** The editors' pages: content, the media list, the menu, the home page, the trash. */
export function ContentNav({ current }: { current: 'content' | 'media' | 'menu' | 'home' | 'trash' }) {
  const links = [
    ['content', P.content, T.content],
    ['media', P.media, T.media],
    ['menu', P.menu, T.menu],
    ['home', P.home, T.home],
    ['trash', P.trash, HISTORY_TEXT.trash],
  ] as const;
  return (
    <nav aria-label="งานเนื้อหาเว็บไซต์" className="staff-subnav">
      <ul>
        {links.map(([key, href, label]) => (
          <li key={key}>
            <a href={href} aria-current={key === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An editors' page when the core system keeps the content (http mode): its title and that plain notice. */
export function CoreOwnsContent({ title }: { title: string }) {
  return <CoreOwns title={title} notice={T.coreOwnsContent} />;
}
