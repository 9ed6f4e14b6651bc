// Draws the default content pictures of spec §2 into public/picture/Utils/ContentDefault/ (committed).
// Run again after changing the painter: `npx tsx scripts/default-pictures.ts`.
import fs from 'node:fs';
import path from 'node:path';

import { DEFAULT_IMAGE_KINDS } from '../app/server/coop/types';
import { paintDefaultPicture } from '../app/server/seed/content-media';

const dir = path.join(import.meta.dirname, '..', 'public', 'picture', 'Utils', 'ContentDefault');
fs.mkdirSync(dir, { recursive: true });
for (const kind of DEFAULT_IMAGE_KINDS) {
  const png = paintDefaultPicture(kind).toPng();
  fs.writeFileSync(path.join(dir, `${kind}.png`), png);
  console.log(`${kind}.png ${png.length} bytes`);
}
