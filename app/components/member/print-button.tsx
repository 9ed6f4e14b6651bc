/** The print button's label, written by the member area's script (ADR 085) in place of the hint. */
export const PRINT_LABEL = 'พิมพ์หรือบันทึกเป็น PDF';

/**
 * Without JavaScript a hint names the browser's own command; with it, the member area's script
 * (`app/client/member.ts`) puts a button that opens the print dialog in its place.
 */
export function PrintButton() {
  return (
    <p className="no-print" data-print-button={PRINT_LABEL}>
      กดพิมพ์ (Ctrl+P) จากเบราว์เซอร์เพื่อพิมพ์หรือบันทึกเป็น PDF
    </p>
  );
}
