import { isRouteErrorResponse } from '@remix-run/react';
import { createContext, useContext, type ReactNode } from 'react';

import { IncidentNumber } from '~/incident';
import { DISK_FULL_MESSAGE, DISK_FULL_TITLE } from '~/lib/messages';

const DiskFullContext = createContext(false);

/**
 * Whether the request being answered failed because the server's disk is full (ADR 098): entry.server
 * knows it from `handleError` (the load context's `diskFull`); in the browser it is whether the page
 * being hydrated shows the disk-full notice, so both renders agree.
 */
export function DiskFullProvider({ value, children }: { value: boolean; children: ReactNode }) {
  return <DiskFullContext.Provider value={value}>{children}</DiskFullContext.Provider>;
}

/** The element of the notice (entry.client looks for it before hydrating). */
export const DISK_FULL_ELEMENT_ID = 'disk-full-notice';

/**
 * Whether an error boundary should say "storage full": the request failed for a full disk, or the
 * error is the 503 answer made for one (`diskFullResponse`, also after a client-side navigation).
 */
export function useDiskFull(error: unknown): boolean {
  const failed = useContext(DiskFullContext);
  if (failed) return true;
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    typeof error.data === 'object' &&
    error.data !== null &&
    (error.data as { diskFull?: unknown }).diskFull === true
  );
}

/** What a failure page says when a save failed for a full disk: in Thai, no details, try later or call. */
export function DiskFullNotice({ children }: { children?: ReactNode }) {
  return (
    <div className="panel" role="alert" id={DISK_FULL_ELEMENT_ID}>
      <h1>{DISK_FULL_TITLE}</h1>
      <p>{DISK_FULL_MESSAGE}</p>
      <IncidentNumber />
      {children}
    </div>
  );
}
