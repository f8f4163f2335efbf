import { useEffect, useRef } from 'react';
import { useNavigate } from '@/shared/routing/location.ts';
import { recordActivity } from '@/shared/api/activity-log.ts';
import { runInviteChecks } from '@/shared/lib/team-invite-checks.ts';
import { clearTeamInvite, isValidInvite, readTeamInvite } from '@/shared/lib/team-invite.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';

/**
 * Spec §4: landing on /home with an invite link kept from before the login logs the access, runs
 * the checks in order and either shows the failing check's popup (and forgets the link) or opens
 * the accept screen. A malformed link logs the wrong-format error.
 */
export function useStoredInvite(): void {
  const navigate = useNavigate();
  const userId = useSessionStore((state) => state.userInfo?.userId ?? '');
  const started = useRef(false);
  useEffect(() => {
    const stored = readTeamInvite();
    if (!stored || !userId || started.current) return;
    started.current = true;
    recordActivity('TEAM_INVITE_LINK_ACCESS', { title: stored.callbackUrl ?? null });
    if (!isValidInvite(stored)) {
      console.error('[invite] the invite link is not in the right format', stored);
      recordActivity('TEAM_INVITE_LINK_ACCESS_FAILURE', {
        title: stored.callbackUrl ?? null,
        errorReason: 'invite link params must include teamId, subChallengeId and challengeType',
        statusCode: 400,
      });
      clearTeamInvite();
      return;
    }
    runInviteChecks(stored, userId)
      .then((reason) => {
        clearTeamInvite();
        if (reason) openPopup({ kind: 'invite', payload: { reason } });
        else
          void navigate(
            stored.callbackUrl ?? `/team/${stored.teamId}/${stored.subChallengeId}/${stored.challengeType}`,
          );
      })
      .catch((error: unknown) => {
        console.error('[invite] the checks could not run', error);
        clearTeamInvite();
      });
  }, [navigate, userId]);
}
