import type { EndpointRequest, EndpointResponse } from '@hamkke/contract/endpoint';
import type { EndpointRoute } from '@hamkke/contract/route';
import { sharedCertificationsEndpoint } from '@hamkke/contract/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { FrameShell } from '@/app/layout/app-layout.tsx';
import { normalizePathname } from '@/app/route-guards.ts';
import { routePaths } from '@/app/route-paths.ts';
import { sharedDayQueryOptions, sharedDayRequest } from '@/features/mission/api/shared.ts';
import {
  SharedChallengeMissionPage,
  SharedMissionPage,
} from '@/features/mission/pages/shared-mission-page.tsx';
import { sharedDayFrom } from '@/features/mission/shared-rules.ts';
import { pageDataScript } from '@/shared/api/page-data.ts';
import { createQueryClient } from '@/shared/api/query-client.ts';
import { RouteParamsContext, ServerLocationContext } from '@/shared/routing/location.ts';
import { createRouteMatcher } from '@/shared/routing/route-match.ts';

/** A public endpoint's answer as the server sends it (`response` of its envelope), or `null` when it refuses. */
export type LoadAnswer = <E extends EndpointRoute>(
  endpoint: E,
  body: EndpointRequest<E>,
) => Promise<EndpointResponse<E> | null>;

export interface DrawnPage {
  /** The page in its frame, for the app's root element. */
  markup: string;
  /** The answers it was drawn with (shared/api/page-data.ts), for the app's first render. */
  data: string;
}

/**
 * Pages the server draws for each request, with their data: those whose first paint depends on the
 * address and public data alone, and that people open cold from a link — a shared day.
 */
const matchDrawn = createRouteMatcher<{ path: string; Page: ComponentType }>([
  { path: routePaths.missionShared, Page: SharedMissionPage },
  { path: routePaths.challengeShared, Page: SharedChallengeMissionPage },
]);

/**
 * The page at `url` drawn as the app's first render draws it for a visitor, or `null` when it is not
 * such a page or its data cannot be had (the shell is then sent as it is, and the app asks itself).
 */
export async function drawPage(url: string, load: LoadAnswer): Promise<DrawnPage | null> {
  const [pathname = '/', search = ''] = url.split('?');
  const found = matchDrawn(pathname);
  if (!found) return null;
  const day = sharedDayFrom(found.params);
  if (!day) return null;
  const answer = await load(sharedCertificationsEndpoint, sharedDayRequest(day));
  if (answer === null) return null;
  const { queryKey } = sharedDayQueryOptions(day);
  const client = createQueryClient();
  client.setQueryData(queryKey, answer);
  const { Page } = found.route;
  const markup = renderToString(
    <QueryClientProvider client={client}>
      <ServerLocationContext value={{ pathname, search: search ? `?${search}` : '' }}>
        <RouteParamsContext value={found.params}>
          <FrameShell path={normalizePathname(pathname)}>
            <Page />
          </FrameShell>
        </RouteParamsContext>
      </ServerLocationContext>
    </QueryClientProvider>,
  );
  client.clear();
  return { markup, data: pageDataScript([[queryKey, answer]]) };
}
