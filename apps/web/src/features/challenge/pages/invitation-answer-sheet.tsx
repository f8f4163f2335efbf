import type { Invitation } from '@hamkke/contract/team/team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { childrenForTeamQueryOptions, invalidateTeamQueries } from '@/shared/api/teams.ts';
import { challengeMessages as c } from '@/shared/messages/team.ts';
import { useNavigate } from '@/shared/routing/location.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { answerInvitation } from '../api/challenge-queries.ts';
import { teamPath } from '../team-path.ts';
import styles from './challenge-pages.module.css';

/**
 * The answer to a direct invitation (accept with the children picked, or decline): its own chunk,
 * loaded when a person opens it, so /challenge does not evaluate the sheet's code (decision 049).
 */
export function AnswerSheet({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isParent = useSessionStore((state) => state.userInfo?.userType !== 'CHILD');
  const children = useQuery({
    ...childrenForTeamQueryOptions({ teamId: invitation.teamId }),
    enabled: isParent,
  });
  const [picked, setPicked] = useState<string[]>([]);
  const answer = useMutation({
    mutationFn: (status: 'ACCEPTED' | 'DECLINED') =>
      answerInvitation({
        invitationId: invitation.invitationId,
        status,
        childUserIds: picked,
      }),
    onSuccess: async (result) => {
      showToast(result.status === 'ACCEPTED' ? c.accepted : c.declined);
      await invalidateTeamQueries(queryClient);
      onClose();
      if (result.place) void navigate(teamPath(result.place, result.place.teamId));
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  return (
    <BottomSheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${invitation.teamEmoji} ${invitation.teamName}`}
      description={c.invitationFrom(invitation.inviterAlias, invitation.roundTitle)}
      footer={
        <div className={styles.buttons}>
          <Button variant="neutral" busy={answer.isPending} onClick={() => answer.mutate('DECLINED')}>
            {c.decline}
          </Button>
          <Button variant="primary" busy={answer.isPending} onClick={() => answer.mutate('ACCEPTED')}>
            {c.accept}
          </Button>
        </div>
      }
    >
      {children.data && children.data.children.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>{c.pickChildren}</legend>
          {children.data.children.map((child) => (
            <CheckboxItem
              key={child.userId}
              label={child.alias}
              disabled={!child.canJoin}
              checked={picked.includes(child.userId)}
              onCheckedChange={(checked) =>
                setPicked(checked ? [...picked, child.userId] : picked.filter((id) => id !== child.userId))
              }
            />
          ))}
        </fieldset>
      )}
    </BottomSheet>
  );
}
