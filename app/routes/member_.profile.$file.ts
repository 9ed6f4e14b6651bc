import type { LoaderFunctionArgs } from '@remix-run/node';

import { CoopAuthError } from '~/server/coop/types';
import { bearerToken, embeddedBackend, notFound } from '~/server/coop/vendor/api.server';

/**
 * Vendor API (ADR 024): `GET /member/profile/{no}.jpg`, where the vendor's `wwwupload` leaves the
 * picture. The vendor serves it to anybody; we serve it only with the bearer token of member `{no}`
 * (a Sahakorn in http mode sends it), and 404 to everyone else, as if there were no picture.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const backend = await embeddedBackend();
  const token = bearerToken(request);
  const no = /^(\d{1,12})\.jpg$/.exec(params.file ?? '')?.[1];
  if (!backend || !token || !no) return notFound();
  try {
    const cred = { token };
    const profile = await backend.getMemberProfile(cred);
    if (profile.membershipNo !== no) return notFound();
    const photo = await backend.getMemberPhoto(cred);
    if (!photo) return notFound();
    return new Response(Buffer.from(photo.bytes), {
      headers: {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(photo.bytes.byteLength),
        'Last-Modified': photo.updatedAt.toUTCString(),
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof CoopAuthError) return notFound();
    throw error;
  }
}
