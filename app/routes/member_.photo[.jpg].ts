import type { LoaderFunctionArgs } from '@remix-run/node';

import { app } from '~/server/app.server';
import { requireMember } from '~/server/auth/auth.server';
import { photoEtag } from '~/server/member/photo.server';

/**
 * The signed-in member's own profile photo (`/member/photo.jpg`). The member comes from the session,
 * never from the URL, so nobody can ask for another member's photo. The bytes are our re-encoded
 * JPEG; the fixed content type and `nosniff` keep a browser from treating them as anything else.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const { backend } = await app();
  const photo = await backend.getMemberPhoto(member.credentials);
  // server.js adds `X-Content-Type-Options: nosniff` to every response, this one included.
  const common = { 'Cross-Origin-Resource-Policy': 'same-origin', Vary: 'Cookie' };
  if (!photo) {
    return new Response('ไม่พบรูปโปรไฟล์', {
      status: 404,
      headers: { ...common, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  const etag = photoEtag(photo.bytes);
  // A member's face is personal data: no cache keeps it, not even this browser's (ADR 034). A client
  // that still sends the ETag back gets a 304.
  const headers = { ...common, 'Cache-Control': 'private, no-store', ETag: etag };
  const sent = request.headers.get('If-None-Match');
  if (sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      ...headers,
      'Content-Type': 'image/jpeg',
      'Content-Length': String(photo.bytes.byteLength),
      'Content-Disposition': 'inline; filename="profile.jpg"',
      'Last-Modified': photo.updatedAt.toUTCString(),
    },
  });
}
