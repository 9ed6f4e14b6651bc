import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { PolicyPage } from '~/components/info/policy-page';
import { titleFor } from '~/lib/meta';
import { loadPolicy } from '~/server/content/policy-page.server';

export function loader({ context }: LoaderFunctionArgs) {
  return loadPolicy('privacy', context);
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data ? [titleFor(args, args.data.title), { name: 'description', content: args.data.description }] : [];

export default function Policy() {
  return <PolicyPage policy={useLoaderData<typeof loader>()} />;
}
