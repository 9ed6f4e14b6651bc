import type { ReactNode } from 'react';

import { Breadcrumbs, RichText } from './content';

export interface PolicyView {
  title: string;
  bodyHtml: string;
  updated: string;
  updatedIso: string;
}

/** A policy text (cookies or privacy) with links between the two. */
export function PolicyPage({ policy, children }: { policy: PolicyView; children?: ReactNode }) {
  return (
    <>
      <Breadcrumbs trail={[{ label: policy.title }]} />
      <article className="content-item policy">
        <header className="topic topic--plain">
          <h1 className="topic__title">{policy.title}</h1>
          <p className="topic__meta">
            ปรับปรุงล่าสุด <time dateTime={policy.updatedIso}>{policy.updated}</time>
          </p>
        </header>
        <RichText html={policy.bodyHtml} />
        {children}
        <nav className="policy__links" aria-label="นโยบายของเว็บไซต์">
          <ul>
            <li>
              <a href="/privacy-policy/cookies-policy">นโยบายการใช้คุกกี้</a>
            </li>
            <li>
              <a href="/privacy-policy/private-policy">นโยบายคุ้มครองข้อมูลส่วนบุคคล</a>
            </li>
          </ul>
        </nav>
      </article>
    </>
  );
}
