import type { LoaderFunctionArgs } from '@remix-run/node';

import { serveMedia } from '~/server/media.server';

/** Stored media: `/mediafiles/{file}` (pictures and attachments of the content store). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return serveMedia(request, params['*'] ?? '');
}
