import type { LoaderFunctionArgs } from '@remix-run/node';

import { app } from '~/server/app.server';

/** Stored media: `/mediafiles/{file}` (pictures and attachments of the content store, or the core's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { backend } = await app();
  return backend.serveMedia(request, params['*'] ?? '');
}
