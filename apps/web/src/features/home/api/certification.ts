import {
  deleteFileEndpoint,
  deleteMissionCertificationEndpoint,
  missionCertificationEndpoint,
  missionCertifyUuidEndpoint,
} from '@hamkke/contract/routes';
import type { EndpointRequest } from '@hamkke/contract/endpoint';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { invalidateMissionQueries } from '@/shared/api/missions.ts';
import { celebrateCertification } from '../celebrate.ts';
import { countsQueryOptions } from './counts.ts';

/** A certification made or deleted changes today's missions, the calendar and the header counts. */
export async function refreshAfterCertificationChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateMissionQueries(queryClient),
    queryClient.invalidateQueries({ queryKey: countsQueryOptions().queryKey }),
  ]);
}

export function useCertifyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointRequest<typeof missionCertificationEndpoint>) =>
      callApi(missionCertificationEndpoint, input),
    onSettled: async (_data, error) => {
      await refreshAfterCertificationChange(queryClient);
      // Not awaited: the sheet closes at once, and the moment opens as it does.
      if (!error) void celebrateCertification(queryClient);
    },
  });
}

export function useDeleteCertificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificationId: string) => callApi(deleteMissionCertificationEndpoint, { certificationId }),
    onSettled: () => refreshAfterCertificationChange(queryClient),
  });
}

/** The person's share uuid of a day (made on first ask). */
export function useShareUuidMutation() {
  return useMutation({
    mutationFn: (date: string) => callApi(missionCertifyUuidEndpoint, { date }),
  });
}

/** Removes a photo that was uploaded but will not be used; a failure only leaves an unused upload behind. */
export function discardUploadedPhoto(fileId: string): void {
  callApi(deleteFileEndpoint, { fileId }).catch((error: unknown) => {
    console.warn('[upload] could not delete an unused photo', error);
  });
}
