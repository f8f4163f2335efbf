import { useEffect, useState } from 'react';
import { runInviteChecks } from '@/shared/lib/team-invite-checks.ts';
import { clearTeamInvite, type TeamInvite } from '@/shared/lib/team-invite.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';

type CheckState = { state: 'checking' | 'passed'; message: null } | { state: 'rejected'; message: string };

/** The accept screen runs the same checks as the landing on /home; a failure shows its popup. */
export function useInviteChecks(invite: TeamInvite | null): CheckState {
  const userId = useSessionStore((state) => state.userInfo?.userId ?? '');
  const [result, setResult] = useState<CheckState>({ state: 'checking', message: null });
  const key = invite ? `${invite.teamId}/${invite.subChallengeId}/${invite.challengeType}` : '';
  useEffect(() => {
    if (!invite || !userId) return;
    let live = true;
    runInviteChecks(invite, userId)
      .then((reason) => {
        if (!live) return;
        if (reason === null) return setResult({ state: 'passed', message: null });
        clearTeamInvite();
        openPopup({ kind: 'invite', payload: { reason } });
        setResult({ state: 'rejected', message: messages.invite[reason] });
      })
      .catch((error: unknown) => {
        console.error('[invite] checks failed', error);
        if (live) setResult({ state: 'rejected', message: messages.errors.codes.NOT_FOUND });
      });
    return () => {
      live = false;
    };
    // The invite is identified by its key; a new object with the same params is the same invite.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, userId]);
  return result;
}
