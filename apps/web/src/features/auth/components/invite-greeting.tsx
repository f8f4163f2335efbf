import { useQuery } from '@tanstack/react-query';
import { invitePreviewQueryOptions } from '@/shared/api/teams.ts';
import { teamMessages } from '@/shared/messages/team.ts';
import { InvitePreviewCard } from '@/shared/ui/invite-preview-card.tsx';
import styles from '../pages/login-auth-page.module.css';

/**
 * Who invited the visitor to what, read from the invite link's public preview (decision 022). Drawn
 * only in the browser, where the kept link is (the build-time drawing of this page has none).
 */
export function InviteGreeting({ teamId }: { teamId: string }) {
  const preview = useQuery(invitePreviewQueryOptions(teamId));
  if (!preview.data) return null;
  return (
    <div className={styles.invite}>
      <InvitePreviewCard preview={preview.data} />
      <p className={styles.inviteHint}>{teamMessages.inviteLoginHint}</p>
    </div>
  );
}
