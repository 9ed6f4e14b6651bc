/**
 * The cooperative's own details, in one place (page-level configuration, spec §1–2). A
 * cooperative adopting Sahakorn edits this file and `public/images/logo.svg`.
 */
export const site = {
  nameTh: 'สหกรณ์ออมทรัพย์สหกรณ์ตัวอย่าง จำกัด',
  shortNameTh: 'สหกรณ์ตัวอย่าง',
  nameEn: 'Sahakorn Example Savings and Credit Cooperative, Limited',
  slogan: 'ออมวันนี้ มั่นคงวันหน้า ร่วมสร้างสุขของสมาชิก',
  logo: { src: '/images/logo.svg', width: 64, height: 64 },
  openingHours: 'เปิดให้บริการ วันจันทร์ - วันศุกร์ เวลา 08.30 - 15.00 น. (ปิดทำการวันหยุดนักขัตฤกษ์ และวันหยุดที่สหกรณ์ประกาศ)',
  address: '99/9 อาคารสหกรณ์ ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพมหานคร 10400',
  phone: { label: '02-123-4567', href: 'tel:021234567' },
  /** The cooperative's own pages and apps (a cooperative adopting Sahakorn puts its own here). */
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/SahakornExampleCoop' },
    { label: 'LINE Official Account', href: 'https://page.line.me/sahakorn-example' },
    { label: 'YouTube', href: 'https://www.youtube.com/@SahakornExampleCoop' },
  ],
  apps: [
    {
      label: 'ดาวน์โหลดแอปบน App Store (iOS)',
      href: 'https://apps.apple.com/th/app/sahakorn-example-member/id6450000000',
    },
    {
      label: 'ดาวน์โหลดแอปบน Google Play (Android)',
      href: 'https://play.google.com/store/apps/details?id=th.coop.sahakornexample.member',
    },
  ],
  /** Fixed footer links (spec §2). */
  footerLinks: [
    { label: 'หน้าแรก', href: '/home' },
    { label: 'ประวัติสหกรณ์', href: '/show/1246' },
    { label: 'บริการเงินกู้', href: '/list/services-loan' },
    { label: 'ระเบียบ ข้อบังคับ', href: '/list/rules' },
    { label: 'ดาวน์โหลดเอกสาร', href: '/list/download' },
  ],
  /** The two privacy pages, linked from every footer as well as from the cookie banner. */
  policyLinks: [
    { label: 'นโยบายคุ้มครองข้อมูลส่วนบุคคล', href: '/privacy-policy/private-policy' },
    { label: 'นโยบายการใช้คุกกี้', href: '/privacy-policy/cookies-policy' },
  ],
} as const;

export type Site = typeof site;
