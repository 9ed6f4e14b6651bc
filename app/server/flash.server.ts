import type { Cookie } from '@remix-run/node';
import * as z from 'zod';

import { appCookie } from './http/cookies.server';

/** A notice shown once on the next page (post/redirect/get). Never member data. */
export const FlashSchema = z.object({
  kind: z.enum(['success', 'error', 'info']),
  text: z.string().max(300),
});
export type Flash = z.infer<typeof FlashSchema>;

function flashCookie(): Cookie {
  return appCookie('sahakorn_flash', { maxAge: 120 });
}

/** Set-Cookie value carrying a notice for the next page. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** Read the request's notice, if any, and the Set-Cookie value that consumes it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const header = request.headers.get('Cookie');
  if (!header?.includes('sahakorn_flash=')) return { flash: null, setCookie: null };
  const parsed = FlashSchema.safeParse(await flashCookie().parse(header));
  return {
    flash: parsed.success ? parsed.data : null,
    setCookie: await flashCookie().serialize('', { maxAge: 0, expires: new Date(0) }),
  };
}
