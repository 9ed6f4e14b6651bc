import type { ReactNode } from 'react';

import { site } from '~/config/site';

import { FlashNotice } from './notices';

/** The centred card of the member area's pages without the member layout (login, welcome, terms). */
export function AuthCard({ title, wide = false, children }: { title: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <FlashNotice />
      <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
        <header className="auth-card__brand">
          <img src={site.logo.src} alt="" width={site.logo.width} height={site.logo.height} />
          <p className="auth-card__coop">{site.nameTh}</p>
        </header>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
