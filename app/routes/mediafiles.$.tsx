import type { LoaderFunctionArgs } from '@remix-run/node';

import { serveStoredMedia } from '~/server/content/media.server';

/** Stored media: `/mediafiles/{file}` (pictures and attachments of the content store, or the core's). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return serveStoredMedia(request, params['*'] ?? '');
}
