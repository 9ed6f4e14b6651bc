import type { MetaArgs } from '@remix-run/node';

import { site } from '~/config/site';
import { pageTitle } from '~/components/forms';

/** `<title>` for a page: "Page | Coop", prefixed with the error marker after a failed submit. */
export function titleFor(args: Pick<MetaArgs, 'matches'>, text: string): { title: string } {
  const root = args.matches.find((m) => m.id === 'root')?.data as { formErrors?: boolean } | undefined;
  return { title: pageTitle(`${text} | ${site.shortNameTh}`, Boolean(root?.formErrors)) };
}
