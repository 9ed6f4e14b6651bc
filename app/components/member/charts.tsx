import { noBreak } from '~/components/keep-together';
import { escapeMarkup } from '~/lib/markup';
import { formatMonth, formatSatang } from '~/lib/thai-format';

import { DataTable } from './data';

const W = 640;
const H = 220;
const PAD = { top: 16, right: 12, bottom: 4, left: 12 };

/** A coordinate with at most two decimals: enough for a 640-unit view box, and shorter markup. */
const at = (value: number) => Math.round(value * 100) / 100;

function monthLabel(month: string, style: 'short' | 'long'): string {
  const [y, m] = month.split('-').map(Number);
  return formatMonth(y ?? 0, m ?? 0, style);
}

/**
 * The chart's inside (title, axis and a bar per month) as SVG
 * markup, built as a string: React's server renderer spends about as long on each bar as on a table
 * cell, and a chart is dozens of them (docs/performance.md).
 */
function capitalChartMarkup(points: Array<{ month: string; capitalSatang: number }>): string {
  const max = Math.max(...points.map((p) => p.capitalSatang), 1);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / points.length;
  const barW = Math.max(step * 0.7, 2);
  const base = H - PAD.bottom;
  let markup =
    `<title id="capital-chart-title">${escapeMarkup(`ทุนเรือนหุ้นย้อนหลัง ${points.length} เดือน`)}</title>` +
    `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${base}" y2="${base}" class="chart__axis"></line>`;
  points.forEach((p, i) => {
    const h = Math.round((p.capitalSatang / max) * innerH);
    const x = PAD.left + i * step + (step - barW) / 2;
    markup += `<rect x="${at(x)}" y="${base - h}" width="${at(barW)}" height="${h}"></rect>`;
  });
  return markup;
}

/**
 * Share capital at the end of each of the last months: a server-rendered SVG bar chart (no JavaScript),
 * described for screen readers, with the same figures in a table for anyone who wants the numbers.
 */
export function CapitalChart({ points }: { points: Array<{ month: string; capitalSatang: number }> }) {
  if (!points.length) return null;
  const first = points[0];
  const last = points[points.length - 1];
  // A month and its year, a figure and its unit, each stay on one line.
  const summary =
    first && last
      ? `ทุนเรือนหุ้นสิ้นเดือน ${noBreak(monthLabel(first.month, 'long'))} ${noBreak(`${formatSatang(first.capitalSatang)} บาท`)} ถึง ${noBreak(monthLabel(last.month, 'long'))} ${noBreak(`${formatSatang(last.capitalSatang)} บาท`)}`
      : '';
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        // Named by its title alone: the summary is said once, by the caption under it (not as the
        // picture's description as well, nor as the figure's name: a figure is not a landmark).
        aria-labelledby="capital-chart-title"
        className="chart__svg"
        dangerouslySetInnerHTML={{ __html: capitalChartMarkup(points) }}
      />
      {/* The first, middle and last months under the bars, as text that keeps its size on a phone. */}
      <p className="chart__months" aria-hidden="true">
        {[0, Math.floor(points.length / 2), points.length - 1]
          .filter((i, n, all) => all.indexOf(i) === n)
          .map((i) => (
            <span key={i}>{monthLabel(points[i]?.month ?? '', 'short')}</span>
          ))}
      </p>
      <figcaption>{summary}</figcaption>
      <details className="chart__data">
        <summary>ดูข้อมูลทุนเรือนหุ้นรายเดือนเป็นตาราง</summary>
        <DataTable id="capital-table" caption="ทุนเรือนหุ้น ณ สิ้นเดือน" head={['เดือน', 'ทุนเรือนหุ้น (บาท)']}>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{monthLabel(p.month, 'long')}</th>
              <td className="num">{formatSatang(p.capitalSatang)}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}

/** Repayment progress of one loan: an SVG bar whose text alternative is the percentage itself. */
export function RepaymentBar({ percent, contractNo }: { percent: string; contractNo: string }) {
  const value = Math.min(Math.max(Number(percent), 0), 100);
  const label = `ชำระแล้ว ${percent}% ของวงเงินกู้ สัญญา ${contractNo}`;
  return (
    <div className="repayment">
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={label} className="repayment__svg">
        <rect x="0" y="0" width="100" height="8" rx="4" className="repayment__track" />
        <rect x="0" y="0" width={value} height="8" rx="4" className="repayment__fill" />
      </svg>
      <p className="repayment__text" aria-hidden="true">
        ชำระแล้ว {percent}%
      </p>
    </div>
  );
}
