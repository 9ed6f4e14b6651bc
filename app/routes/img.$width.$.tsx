import type { LoaderFunctionArgs } from '@remix-run/node';

import { servePictureVariant } from '~/server/content/picture-variants.server';

/** WebP copies of content pictures: `/img/{width}/{picture path}.webp` (ADR 073). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return servePictureVariant(request, params.width ?? '', params['*'] ?? '');
}
