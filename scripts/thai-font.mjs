// The pages are Thai, and Debian's Chromium brings no Thai font: without one every Thai letter is drawn
// from a fallback box, so what the e2e suite checks (heights, widths, contrast), what a screenshot shows
// and what Lighthouse times (the first layout) are not what a visitor's browser does. As root on Debian,
// apt-get installs Loma (ADR 088); otherwise a warning. Used by the test run, the screenshots and
// Lighthouse.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const PACKAGE = 'fonts-tlwg-loma-otf';
const hasThaiFont = () => Boolean(spawnSync('fc-list', [':lang=th', 'family'], { encoding: 'utf8' }).stdout?.trim());

/** True once a Thai font is installed (installing Loma when it can); `forWhat` names the user in messages. */
export function ensureThaiFont(forWhat) {
  if (hasThaiFont()) return true;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian ${PACKAGE} (apt-get), a Thai font, for ${forWhat}…`);
    const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit' }).status === 0;
    if (apt(['update', '-q'])) apt(['install', '-y', '-q', PACKAGE]);
  }
  if (hasThaiFont()) return true;
  console.warn(
    `No Thai font is installed (apt-get install ${PACKAGE}): ${forWhat} will not see Thai text as a visitor does.`,
  );
  return false;
}
