import { createContext, useContext, type ReactNode } from 'react';

const IncidentContext = createContext('');

/**
 * Provides the id of the request being answered (server.js makes it; every log line of the request
 * carries it as `requestId`, and the `X-Request-Id` header too). In the browser it is the number the
 * server printed on the page being hydrated, so both renders agree.
 */
export function IncidentProvider({ value, children }: { value: string; children: ReactNode }) {
  return <IncidentContext.Provider value={value}>{children}</IncidentContext.Provider>;
}

/** The element the number is printed in (entry.client reads it back before hydrating). */
export const INCIDENT_ELEMENT_ID = 'incident-number';

/**
 * An incident number as people read it (ADR 110): groups of four ("3f2a 9c01 …"), so it can be read
 * out to staff over the phone and a line breaks only between groups. The logs and the X-Request-Id
 * header keep it whole; `incidentFromText` takes the spaces out again.
 */
export function groupIncident(id: string): string {
  return (id.match(/.{1,4}/g) ?? []).join(' ');
}

/** The request id a grouped incident number stands for (spaces and line breaks out). */
export function incidentFromText(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * "เลขที่อ้างอิง …" on a failure page: the number support searches the logs for. Nothing when the
 * request id is unknown (a failure rendered in the browser after a client-side navigation).
 */
export function IncidentNumber() {
  const id = useContext(IncidentContext);
  if (!id) return null;
  return (
    <p className="status-page__incident">
      {'เลขที่อ้างอิง '}
      <span id={INCIDENT_ELEMENT_ID} className="status-page__incident-number">
        {groupIncident(id)}
      </span>
    </p>
  );
}
