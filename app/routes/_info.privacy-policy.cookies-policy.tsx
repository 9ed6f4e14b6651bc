import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { CookieSettings } from '~/components/info/cookie-consent';
import { PolicyPage } from '~/components/info/policy-page';
import { titleFor } from '~/lib/meta';
import { readConsent } from '~/server/content/cookie-consent.server';
import { loadPolicy } from '~/server/content/policy-page.server';

export function loader({ request, context }: LoaderFunctionArgs) {
  // The page differs by the consent cookie: public pages carry `Vary: Cookie` (ADR 013).
  return loadPolicy('cookies', context, { consent: readConsent(request) });
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data ? [titleFor(args, args.data.title), { name: 'description', content: args.data.description }] : [];

export default function Policy() {
  const policy = useLoaderData<typeof loader>();
  return (
    <PolicyPage policy={policy}>
      <CookieSettings choice={policy.consent} />
    </PolicyPage>
  );
}
