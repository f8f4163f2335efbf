import type { FamilyExport } from '@hamkke/contract/my/export';
import { exportStatusEndpoint, requestExportEndpoint } from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

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
 * The ZIP, fetched through the client's download with the access token (the link is the requester's
 * only, so no bare URL works) and handed to the browser as a file to save. The download's code is
 * loaded at the tap, not with /my.
 */
export async function downloadDataExport(path: string, filename: string): Promise<void> {
  const download = await import('@/shared/api/download.ts');
  const url = URL.createObjectURL(await download.downloadFile(path, { auth: 'pin' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
