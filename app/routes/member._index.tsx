import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';

import { requireMember } from '~/server/auth/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  return redirect('/member/status');
}
