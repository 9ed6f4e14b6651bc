import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { DISK_FULL_ELEMENT_ID, DiskFullProvider } from './components/disk-full';
import { INCIDENT_ELEMENT_ID, incidentFromText, IncidentProvider } from './incident';

// A failure page carries its request's number (in groups of four): hydrate it with the same one.
const incident = incidentFromText(document.getElementById(INCIDENT_ELEMENT_ID)?.textContent ?? '');
// A page that says the disk is full is hydrated saying it still.
const diskFull = document.getElementById(DISK_FULL_ELEMENT_ID) !== null;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <IncidentProvider value={incident}>
        <DiskFullProvider value={diskFull}>
          <RemixBrowser />
        </DiskFullProvider>
      </IncidentProvider>
    </StrictMode>,
  );
});
