import { notFound } from '~/server/coop/vendor/api.server';

/**
 * Vendor API (ADR 019): any other path under `/api/`, in any method, is the vendor's JSON 404
 * (`{message:"Not Found"}`), never the site's HTML page: the vendor's clients parse every answer.
 */
export const loader = () => notFound();
export const action = () => notFound();
