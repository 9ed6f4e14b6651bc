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

/**
 * The member's billing month named by a route's Gregorian `YYYY-MM` key (`/member/kep/2025-05`, its
 * PDF): undefined for a key that is not one or a month the member has no bill for.
 */
export async function kepMonth(member: AuthedMember, key: string | undefined) {
  const match = /^(\d{4})-(\d{2})$/.exec(key ?? '');
  const { backend } = await app();
  const months = match ? await backend.getCollections(member.credentials, 'kep') : [];
  return months.find((m) => m.year === Number(match?.[1]) && m.month === Number(match?.[2]));
}
