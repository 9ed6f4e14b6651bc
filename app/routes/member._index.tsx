import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect('/member/status');
}
