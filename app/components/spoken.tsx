import { spokenThai } from '~/lib/thai-format';

/**
 * A text as it is shown, and as a screen reader should say it when that differs (ADR 113): the shown
 * text is hidden from the reader and the spoken form from the eye, so it is read once, in words.
 * `spoken` defaults to spokenThai (short months in full, `ไม่มี` for an empty value, the masked ID
 * card number, the date format hint); a text said as it is shown renders as plain text.
 */
export function Spoken({ text, spoken = spokenThai(text) }: { text: string; spoken?: string }) {
  if (spoken === text) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{spoken}</span>
    </>
  );
}
