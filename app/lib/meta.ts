import type { MetaArgs } from '@remix-run/node';

import { site } from '~/config/site';

// This module is in every page's JavaScript: it must not import form code (conform, zod).
export const ERROR_PREFIX = 'ข้อผิดพลาด:';

/** `<title>` prefixed the GOV.UK way when the page shows form errors. */
export function pageTitle(text: string, hasErrors = false): string {
  return hasErrors ? `${ERROR_PREFIX} ${text}` : text;
}

/** `<title>` for a page: "Page | Coop", prefixed with the error marker after a failed submit. */
export function titleFor(args: Pick<MetaArgs, 'matches'>, text: string): { title: string } {
  const root = args.matches.find((m) => m.id === 'root')?.data as { formErrors?: boolean } | undefined;
  return { title: pageTitle(`${text} | ${site.shortNameTh}`, Boolean(root?.formErrors)) };
}
