import type { LoaderFunctionArgs } from '@remix-run/node';

import { embeddedBackend, methodNotAllowed, notFound, tokenRefused } from '~/server/coop/vendor/api.server';
import { CoopAuthError } from '~/server/coop/types';
import { kepPdfFileName, pdfResponse, renderKepPdf } from '~/server/member/kep-pdf.server';

/**
 * Vendor API (docs/vendor-api.md): `GET /api/member/print_pdf/{year}/{month}?token=…`, the vendor
 * client's print button for a billing month: the bill, or the receipt once the month is posted, as a
 * PDF (ADR 051). The year is Gregorian as in `member_kep`. The client opens it in a new tab, where
 * it cannot set a header, so the token may come in the query string (as the vendor's core reads it);
 * the request log never records query strings.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const url = new URL(request.url);
  const token =
    /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? url.searchParams.get('token');
  if (!token) return tokenRefused('token absent');
  const cred = { token };
  if (!(await backend.getAuthUser(cred))) return tokenRefused();
  const year = /^\d{4}$/.test(params.year ?? '') ? Number(params.year) : NaN;
  const month = /^\d{1,2}$/.test(params.month ?? '') ? Number(params.month) : NaN;
  if (!Number.isInteger(year) || !(month >= 1 && month <= 12)) return notFound();
  try {
    const [months, profile] = await Promise.all([backend.getCollections(cred, 'kep'), backend.getMemberProfile(cred)]);
    const collection = months.find((m) => m.year === year && m.month === month);
    if (!collection) return notFound();
    const bytes = await renderKepPdf({
      collection,
      memberName: `${profile.prename}${profile.firstName} ${profile.lastName}`,
      membershipNo: profile.membershipNo,
    });
    return pdfResponse(bytes, kepPdfFileName(collection), 'inline');
  } catch (error) {
    if (error instanceof CoopAuthError) return tokenRefused();
    throw error;
  }
}

export const action = () => methodNotAllowed();
