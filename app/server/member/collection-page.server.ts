import { collectionView, MONTHS_PER_PAGE } from '~/components/member/collections';
import { pageCount } from '~/lib/forms/statement-query';

import { app } from '../app.server';
import type { AuthedMember } from '../auth/auth.server';
import { parsePage } from '../content/content-view.server';
import { notFoundUnless } from '~/server/http/responses.server';

/**
 * The kep and kepcrem pages' data: one page of billing months, newest first, with the page count
 * (ADR 029). A page number that is not one, or past the last page, is not found.
 */
export async function collectionPage(member: AuthedMember, url: URL, kind: 'kep' | 'crem') {
  const page = parsePage(url);
  notFoundUnless(page !== null);
  const { backend } = await app();
  const found = await backend.getCollectionPage(member.credentials, kind, { page, pageSize: MONTHS_PER_PAGE });
  const pages = pageCount(found.total, MONTHS_PER_PAGE);
  notFoundUnless(page <= pages);
  return { months: found.rows.map(collectionView), page, pages };
}
