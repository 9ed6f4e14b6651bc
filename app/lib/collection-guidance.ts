import { site } from '~/config/site';

import type { CollectionStatus } from './status-colors';
import { formatSatang } from './thai-format';

/**
 * What a member whose billing month was not collected in full reads next to it: what happens next and
 * whom to call. One text, shown on the kep pages and drawn in the month's PDF; the phone number is the
 * cooperative's own (`app/config/site.ts`).
 */
export interface CollectionGuidance {
  title: string;
  /** Sentences in order; the last names the cooperative's phone (`site.phone.label`). */
  lines: string[];
}

export function collectionGuidance(
  status: CollectionStatus,
  billedSatang: number,
  collectedSatang: number,
): CollectionGuidance | null {
  const next = `ยอดที่ค้างจะเรียกเก็บรวมกับรายการของเดือนถัดไป หากต้องการชำระก่อนหรือสอบถามสาเหตุ กรุณาติดต่อสหกรณ์ โทร. ${site.phone.label} ในวันและเวลาทำการ`;
  if (status === 'failed') {
    return {
      title: 'เดือนนี้หักเงินไม่ได้',
      lines: [`สหกรณ์ยังไม่ได้รับเงินของเดือนนี้ ยอด ${formatSatang(billedSatang)} บาท ยังค้างชำระ`, next],
    };
  }
  if (status === 'partial') {
    return {
      title: 'เดือนนี้หักเงินได้ไม่ครบ',
      lines: [
        `สหกรณ์หักเงินได้ ${formatSatang(collectedSatang)} บาท จากยอดเรียกเก็บ ${formatSatang(billedSatang)} บาท ยังค้างชำระ ${formatSatang(billedSatang - collectedSatang)} บาท`,
        next,
      ],
    };
  }
  return null;
}
