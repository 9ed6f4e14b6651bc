import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { INCIDENT_ELEMENT_ID, IncidentProvider } from './incident';

// A failure page carries its request's number: hydrate it with the same one.
const incident = document.getElementById(INCIDENT_ELEMENT_ID)?.textContent ?? '';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <IncidentProvider value={incident}>
        <RemixBrowser />
      </IncidentProvider>
    </StrictMode>,
  );
});
