import { site } from '~/config/site';
import type { FooterPhone } from '~/server/coop/types';
import { KeepTogether } from '~/components/keep-together';
import { PushToggle } from '~/components/push';

export function SiteFooter({ phones, openingHours }: { phones: FooterPhone[]; openingHours?: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-coop">
          <h2 id="footer-coop" className="site-footer__title">
            ที่ตั้งและเวลาทำการ
          </h2>
          <p>
            {site.nameTh}
            <br />
            <span lang="en">{site.nameEn}</span>
          </p>
          <address>{site.address}</address>
          <p>
            <KeepTogether text={openingHours ?? site.openingHours} />
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__title">
            ลิงก์ที่เกี่ยวข้อง
          </h2>
          <ul>
            {[...site.footerLinks, ...site.policyLinks].map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            ติดต่อสหกรณ์
          </h2>
          <ul>
            <li>
              โทรศัพท์{' '}
              <a href={site.phone.href}>
                <KeepTogether text={site.phone.label} />
              </a>
            </li>
            {phones
              // The main number is already the first line.
              .filter((phone) => phone.link !== site.phone.href)
              .map((phone) => (
                <li key={`${phone.label}-${phone.link}`}>
                  <a href={phone.link}>
                    <KeepTogether text={phone.label} />
                  </a>
                </li>
              ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="site-footer__title">
            ติดตามเรา
          </h2>
          <ul>
            {[...site.social, ...site.apps].map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <PushToggle className="site-footer__push" />
      <p className="site-footer__copy">© {site.nameTh}</p>
    </footer>
  );
}
