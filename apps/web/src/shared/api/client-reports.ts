import { API_PREFIX } from '@hamkke/contract/route';
import { clientReportsEndpoint } from '@hamkke/contract/routes';
import type { ClientReport } from '@hamkke/contract/system/client-reports';

/**
 * Sends the web app's reports of its own errors and Web Vitals (decision 042; shared/reporting).
 * Deliberately not through `callApi` (client.ts): a report that fails is dropped, is never logged nor the
 * "last failed call" an error screen names, and a 401 ends no session. `keepalive`: it is sent even
 * as the page goes away.
 */
export function sendClientReports(reports: ClientReport[]): void {
  void fetch(`${API_PREFIX}/${clientReportsEndpoint.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reports }),
    keepalive: true,
  }).catch(() => {});
}
