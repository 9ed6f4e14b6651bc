export const MARQUEE_PAUSE_LABEL = 'หยุดข้อความเลื่อน';

/**
 * The scrolling opening-hours banner (spec §1, §9: it moves one step every 10 ms and pauses on
 * hover). A CSS animation at 1 px per 10 ms (the enhancement script measures the text to set the
 * exact duration); it pauses on hover and keyboard focus, and the visible checkbox pauses it
 * without JavaScript (WCAG 2.2.2). Under `prefers-reduced-motion` the text stands still and wraps.
 * The second copy only makes the loop seamless and is hidden from assistive technology.
 */
export function Marquee({ text }: { text: string }) {
  return (
    <div className="topbar marquee" data-marquee="">
      <input className="marquee__toggle" type="checkbox" id="marquee-pause" />
      <label className="marquee__control" htmlFor="marquee-pause">
        {MARQUEE_PAUSE_LABEL}
      </label>
      <div className="marquee__viewport">
        <p className="marquee__track">
          <span className="marquee__copy">{text}</span>
          <span className="marquee__copy" aria-hidden="true">
            {text}
          </span>
        </p>
      </div>
    </div>
  );
}
