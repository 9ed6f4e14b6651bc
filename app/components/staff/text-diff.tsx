/** A piece of text as a diff shows it (from `textDiff`, ADR 118). */
export interface DiffPartView {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * What changed between two texts: taken-out words struck through, put-in words underlined, each
 * named for screen readers (the colours are not the only cue).
 */
export function TextDiff({ parts, label, caption }: { parts: DiffPartView[]; label: string; caption?: string }) {
  const changed = parts.some((p) => p.kind !== 'same');
  return (
    <div className="text-diff" role="group" aria-label={label}>
      {caption ? <p className="text-diff__caption">{caption}</p> : null}
      {changed ? null : <p className="text-diff__none">ไม่มีส่วนที่ต่างกัน</p>}
      <p className="text-diff__text">
        {parts.map((part, i) =>
          part.kind === 'same' ? (
            <span key={i}>{part.text}</span>
          ) : part.kind === 'removed' ? (
            <del key={i}>
              <span className="visually-hidden">[ลบออก: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          ) : (
            <ins key={i}>
              <span className="visually-hidden">[เพิ่ม: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </ins>
          ),
        )}
      </p>
    </div>
  );
}
