import {
  deleteFileEndpoint,
  deleteMissionCertificationEndpoint,
  forbiddenWordEndpoint,
  missionCertificationEndpoint,
  missionCertifyUuidEndpoint,
} from '@hamkke/contract/routes';
import type { EndpointRequest } from '@hamkke/contract/endpoint';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/api-error.ts';
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

/**
 * Sends a certification, asking `common/forbidden-word` about its text first as the spec's client
 * does (§7): listed words come back as the refusal the server would give (`FORBIDDEN_WORD` at
 * `contentHtml`), shown next to the text, and nothing is sent. A check that fails for any other
 * reason does not hold the certification back: the server checks again when it stores it.
 */
export async function certifyCheckingWords(input: EndpointRequest<typeof missionCertificationEndpoint>) {
  const text = input.contentHtml;
  if (text) {
    const check = await callApi(forbiddenWordEndpoint, { text }).catch(() => null);
    if (check?.forbidden) {
      throw new ApiError('FORBIDDEN_WORD', 400, 'The text contains forbidden words', undefined, [
        { path: 'contentHtml', code: 'INVALID', message: check.words.join(', ') },
      ]);
    }
  }
  return callApi(missionCertificationEndpoint, input);
}

export function useCertifyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: certifyCheckingWords,
    // When it was sent: badges another read was answered since are this certification's too.
    onMutate: () => ({ sentAt: Date.now() }),
    onSettled: async (_data, error, _input, sent) => {
      await refreshAfterCertificationChange(queryClient);
      // Not awaited: the sheet closes at once, and the moment opens as it does.
      if (!error) void celebrateCertification(queryClient, sent?.sentAt ?? Date.now());
      // The moment to offer installing the app (decision 046): after the celebration, never before.
      if (!error) void import('@/shared/pwa/install-offer.ts').then((offer) => offer.offerInstall());
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
