import type { LoaderFunctionArgs } from '@remix-run/node';

import { requireMember } from '~/server/auth/auth.server';
import { kepMonth } from '~/server/member/collection-page.server';
import { kepPdfFileName, pdfResponse, renderKepPdf } from '~/server/member/kep-pdf.server';
import { notFoundUnless, PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { resourceRoute } from '~/server/errors.server';

/**
 * `/member/kep/YYYY-MM/pdf`: the printable month (`/member/kep/YYYY-MM`, Gregorian key) as a PDF
 * download, the same document the vendor API's `print_pdf` serves (ADR 051).
 */
export const loader = resourceRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const member = await requireMember(request, context);
  const collection = await kepMonth(member, params.month);
  notFoundUnless(collection, PRIVATE_NO_STORE);
  const bytes = await renderKepPdf({
    collection,
    memberName: member.memberName,
    membershipNo: member.membershipNo,
  });
  return pdfResponse(bytes, kepPdfFileName(collection), 'attachment');
});
