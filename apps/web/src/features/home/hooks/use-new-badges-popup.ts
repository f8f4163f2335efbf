import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { markBadgesSeen, newBadgesQueryOptions } from '@/shared/api/rewards.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';

/**
 * The badges reward popup: new badges pop up once on /home; when it closes they are reported seen,
 * so they never pop again (a reload before closing shows them once more).
 */
export function useNewBadgesPopup(): void {
  const queryClient = useQueryClient();
  const badges = useQuery(newBadgesQueryOptions()).data?.badges;
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !badges || badges.length === 0) return;
    shown.current = true;
    openPopup({
      kind: 'badgesReward',
      payload: { badges },
      onClose: () => {
        void markBadgesSeen(
          queryClient,
          badges.map((badge) => badge.badgeId),
        ).catch((error: unknown) => console.error('[badges] marking seen failed', error));
      },
    });
  }, [badges, queryClient]);
}
