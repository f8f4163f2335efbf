import type { FamilyExport } from '@hamkke/contract/my/export';
import { exportStatusEndpoint, requestExportEndpoint } from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiErrorFromResponse } from '@/shared/api/api-error.ts';
import { authHeaders, callApi } from '@/shared/api/client.ts';

/** How often a building export is asked about. */
export const EXPORT_POLL_MS = 1_000;

const exportKey = (userId: string) => ['my', userId, 'data-export'] as const;

/** The parent's latest family data export (decision 040), polled while it is being built. */
export function dataExportQueryOptions(userId: string) {
  return queryOptions({
    queryKey: exportKey(userId),
    queryFn: ({ signal }) => callApi(exportStatusEndpoint, {}, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? EXPORT_POLL_MS : false;
    },
  });
}

export async function requestDataExport(queryClient: QueryClient, userId: string): Promise<FamilyExport> {
  const started = await callApi(requestExportEndpoint, {});
  queryClient.setQueryData(exportKey(userId), started);
  return started;
}

/**
 * The ZIP, fetched with the access token (the link is the requester's only, so no bare URL works)
 * and handed to the browser as a file to save.
 */
export async function downloadDataExport(path: string, filename: string): Promise<void> {
  const headers = authHeaders({ auth: 'pin', path });
  if (headers instanceof Error) throw headers;
  const response = await fetch(path, { headers });
  if (!response.ok) {
    throw apiErrorFromResponse(response.status, await response.json().catch(() => undefined));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
