/** The privacy pages the banner links to (spec §2). */
export const COOKIE_POLICY_URL = '/privacy-policy/cookies-policy';
export const PRIVACY_POLICY_URL = '/privacy-policy/private-policy';

export const COOKIE_TEXT = {
  title: 'การใช้คุกกี้',
  accept: 'ยอมรับ',
  reject: 'ปฏิเสธ',
} as const;

/**
 * Cookie consent banner (spec §2, §4): first in the page's order, shown as a compact bar fixed at the
 * bottom of the screen (ADR 110); the page is padded by its height, so it never covers the focused
 * element. Both choices are one POST form that
 * works without JavaScript; the enhancement script submits it with fetch and removes the banner.
 */
export function CookieConsent({ returnTo }: { returnTo: string }) {
  return (
    <section className="cookie-consent" aria-labelledby="cookie-consent-title" data-cookie-consent="">
      <div className="cookie-consent__inner">
        <div className="cookie-consent__body">
          <h2 id="cookie-consent-title" className="cookie-consent__title">
            {COOKIE_TEXT.title}
          </h2>
          <p className="cookie-consent__text">
            เว็บไซต์นี้ใช้คุกกี้เพื่อให้ท่านใช้งานเว็บไซต์ได้อย่างราบรื่นและเพื่อปรับปรุงการให้บริการ อ่านรายละเอียดได้ที่{' '}
            <a href={COOKIE_POLICY_URL}>นโยบายคุกกี้</a> และ <a href={PRIVACY_POLICY_URL}>นโยบายความเป็นส่วนตัว</a>
          </p>
        </div>
        <form className="cookie-consent__actions" method="post" action="/cookie-consent">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button className="button button--small" type="submit" name="choice" value="Y">
            {COOKIE_TEXT.accept}
          </button>
          <button className="button button--small button--secondary" type="submit" name="choice" value="N">
            {COOKIE_TEXT.reject}
          </button>
        </form>
      </div>
    </section>
  );
}
