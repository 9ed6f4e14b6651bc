/** How both backends present a member's figures: the same rounding, masking and months. */

/** Percentage of `approved` repaid, floored to two decimals, as a decimal string (integer math). */
export function percentRepaid(approvedSatang: number, balanceSatang: number): string {
  if (approvedSatang <= 0) return '0.00';
  const repaid = Math.min(Math.max(approvedSatang - balanceSatang, 0), approvedSatang);
  const basisPoints = Math.floor((repaid * 10_000) / approvedSatang);
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** Today's calendar month in Bangkok as `YYYY-MM`, shifted by `offset` months. */
export function bangkokMonth(now: number, offset = 0): string {
  const bangkok = new Date(now + 7 * 3600_000);
  // Months since year 0, shifted, and back: plain integers (a chart asks for 24 of these per page).
  const months = bangkok.getUTCFullYear() * 12 + bangkok.getUTCMonth() + offset;
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

/** `1234567890123` → `1-2345-xxxxx-xx-3`: enough for a member to recognise, useless to a shoulder-surfer. */
export function maskIdCard(idCard: string): string {
  const d = idCard.replace(/\D/g, '');
  if (d.length !== 13) return 'x-xxxx-xxxxx-xx-x';
  return `${d[0]}-${d.slice(1, 5)}-xxxxx-xx-${d[12]}`;
}
