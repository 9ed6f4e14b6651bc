import type { MetaFunction } from '@remix-run/node';

import { site } from '~/config/site';
import { PALETTE, TEXT_PAIRS, WCAG_LABEL, colourHex, contrastRatio, formatRatio, wcagLevel } from '~/lib/palette';

export const meta: MetaFunction = () => [
  { title: `ชุดสีของเว็บไซต์ | ${site.shortNameTh}` },
  {
    name: 'description',
    content: `สีที่ใช้บนเว็บไซต์${site.nameTh} พร้อมอัตราส่วนความคมชัดตามเกณฑ์ WCAG 2.1 เทียบกับพื้นขาวและพื้นดำ`,
  },
];

const WHITE = '#ffffff';
const BLACK = '#000000';

function Ratio({ fg, bg }: { fg: string; bg: string }) {
  const ratio = contrastRatio(fg, bg);
  const level = wcagLevel(ratio);
  return (
    <>
      <span className="nowrap">{formatRatio(ratio)}</span>{' '}
      <span className={`wcag wcag--${level}`}>{WCAG_LABEL[level]}</span>
    </>
  );
}

/** The site's palette with WCAG contrast ratios (spec §2: a public page with no layout). */
export default function Colors() {
  return (
    <main id="main" className="colors-page">
      <p>
        <a href="/home">กลับสู่หน้าแรก</a>
      </p>
      <h1>ชุดสีของเว็บไซต์</h1>
      <p>
        สีทุกสีของ{site.nameTh} พร้อมอัตราส่วนความคมชัด (contrast ratio) ตามเกณฑ์ WCAG 2.1: ตัวอักษรทั่วไปต้องได้อย่างน้อย 4.5:1 (AA)
        ตัวอักษรใหญ่อย่างน้อย 3:1 และระดับ AAA ต้องได้ 7:1
      </p>
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table palette">
          <caption id="palette-caption">สีทั้งหมด ({PALETTE.length} สี)</caption>
          <thead>
            <tr>
              <th scope="col">สี</th>
              <th scope="col">ชื่อและการใช้งาน</th>
              <th scope="col">ค่าสี</th>
              <th scope="col">บนพื้นขาว</th>
              <th scope="col">บนพื้นดำ</th>
            </tr>
          </thead>
          <tbody>
            {PALETTE.map((colour) => (
              <tr key={colour.token}>
                <td>
                  <span className={`swatch swatch--${colour.token}`} aria-hidden="true" />
                </td>
                <th scope="row">
                  {colour.name}
                  <span className="palette__use">{colour.use}</span>
                </th>
                <td>
                  <code>{colour.hex}</code>
                  <br />
                  <code>--{colour.token}</code>
                </td>
                <td>
                  <Ratio fg={colour.hex} bg={WHITE} />
                </td>
                <td>
                  <Ratio fg={colour.hex} bg={BLACK} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table palette">
          <caption id="pairs-caption">คู่สีตัวอักษรและพื้นที่ใช้จริงบนเว็บไซต์</caption>
          <thead>
            <tr>
              <th scope="col">ตัวอย่าง</th>
              <th scope="col">ใช้ที่</th>
              <th scope="col">ตัวอักษร / พื้น</th>
              <th scope="col">ความคมชัด</th>
            </tr>
          </thead>
          <tbody>
            {TEXT_PAIRS.map((pair) => (
              <tr key={`${pair.fg}-${pair.bg}`}>
                <td>
                  <span className={`sample swatch--${pair.bg} text--${pair.fg}`}>ตัวอย่าง กขค</span>
                </td>
                <th scope="row">{pair.where}</th>
                <td>
                  <code>--{pair.fg}</code> / <code>--{pair.bg}</code>
                </td>
                <td>
                  <Ratio fg={colourHex(pair.fg)} bg={colourHex(pair.bg)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
