import { useHydrated } from '~/lib/hooks';

/** With JavaScript a button opens the print dialog; without, a hint names the browser's own command. */
export function PrintButton() {
  const hydrated = useHydrated();
  return (
    <p className="no-print">
      {hydrated ? (
        <button type="button" className="button" onClick={() => window.print()}>
          พิมพ์หรือบันทึกเป็น PDF
        </button>
      ) : (
        <>กดพิมพ์ (Ctrl+P) จากเบราว์เซอร์เพื่อพิมพ์หรือบันทึกเป็น PDF</>
      )}
    </p>
  );
}
