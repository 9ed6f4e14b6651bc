import type { LoaderFunctionArgs } from '@remix-run/node';

import { app } from '~/server/app.server';
import { servePictureVariant } from '~/server/content/picture-variants.server';

/** WebP copies of content pictures: `/img/{width}/{picture path}.webp` (ADR 073). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { backend } = await app();
  return servePictureVariant(request, params.width ?? '', params['*'] ?? '', backend);
}
