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
          <ChoiceButtons small accept={COOKIE_TEXT.accept} reject={COOKIE_TEXT.reject} />
        </form>
      </div>
    </section>
  );
}

/** The cookie policy page's settings: the choice recorded now, and both choices again (ADR 115). */
export const COOKIE_SETTINGS_TEXT = {
  title: 'การตั้งค่าคุกกี้ของท่าน',
  current: {
    Y: 'ขณะนี้ท่านยอมรับคุกกี้ เว็บไซต์จะจดจำการเลือกนี้ไว้ 2 ปี',
    N: 'ขณะนี้ท่านปฏิเสธคุกกี้ เว็บไซต์จะจดจำการเลือกนี้ไว้จนกว่าท่านจะปิดเบราว์เซอร์',
    none: 'ท่านยังไม่ได้เลือกว่าจะยอมรับหรือปฏิเสธคุกกี้',
  },
  change: 'ท่านเปลี่ยนการเลือกได้ทุกเมื่อ:',
  accept: 'ยอมรับคุกกี้',
  reject: 'ปฏิเสธคุกกี้',
  saved: 'บันทึกการตั้งค่าคุกกี้เรียบร้อยแล้ว',
} as const;

/**
 * The choice offered again, so a refusal (or an acceptance) can be undone: the same POST as the
 * banner, a plain form that works without JavaScript, coming back to this page with a notice.
 */
export function CookieSettings({ choice }: { choice: 'Y' | 'N' | null }) {
  return (
    <section className="cookie-settings" aria-labelledby="cookie-settings-title">
      <h2 id="cookie-settings-title">{COOKIE_SETTINGS_TEXT.title}</h2>
      <p data-cookie-choice={choice ?? ''}>{COOKIE_SETTINGS_TEXT.current[choice ?? 'none']}</p>
      <form className="cookie-settings__form" method="post" action="/cookie-consent">
        <input type="hidden" name="returnTo" value={COOKIE_POLICY_URL} />
        <input type="hidden" name="settings" value="1" />
        <p className="cookie-settings__change">{COOKIE_SETTINGS_TEXT.change}</p>
        <ChoiceButtons accept={COOKIE_SETTINGS_TEXT.accept} reject={COOKIE_SETTINGS_TEXT.reject} />
      </form>
    </section>
  );
}

/** The two answers the banner (`small` buttons) and the settings post: `choice` Y or N. */
function ChoiceButtons({ small = false, accept, reject }: { small?: boolean; accept: string; reject: string }) {
  const button = small ? 'button button--small' : 'button';
  return (
    <>
      <button className={button} type="submit" name="choice" value="Y">
        {accept}
      </button>
      <button className={`${button} button--secondary`} type="submit" name="choice" value="N">
        {reject}
      </button>
    </>
  );
}
