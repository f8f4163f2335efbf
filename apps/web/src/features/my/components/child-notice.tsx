import { RETENTION } from '@hamkke/contract/retention';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Link2, RotateCcw, Trash2, type LucideIcon } from 'lucide-react';
import { childNoticeMessages as m } from '@/shared/messages/my.ts';
import { useNavigate } from '@/shared/routing/location.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { childNoticeQueryOptions, confirmChildNotice } from '../api/child-notice.ts';
import styles from './child-notice.module.css';

const sections: ReadonlyArray<{ icon: LucideIcon; title: string; body: string }> = [
  { icon: Eye, title: m.whoTitle, body: m.whoBody },
  { icon: Link2, title: m.shareTitle, body: m.shareBody(RETENTION.shareLinks.words) },
  { icon: Trash2, title: m.deleteTitle, body: m.deleteBody },
  { icon: RotateCcw, title: m.againTitle, body: m.againBody },
];

/**
 * The notice a child reads about their data (issue 32 item 2). A child who has not confirmed it
 * yet (their first sign-in) gets the button that confirms it and goes on to /home.
 */
export function ChildNotice({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notice = useQuery(childNoticeQueryOptions(userId));
  const confirm = useMutation({
    mutationFn: confirmChildNotice,
    onSuccess: () => {
      queryClient.setQueryData(childNoticeQueryOptions(userId).queryKey, { due: false });
      navigate('/home', { replace: true });
    },
  });
  return (
    <div className={styles.notice}>
      <p className={styles.intro}>{m.intro}</p>
      {sections.map(({ icon: Icon, title, body }) => (
        <section key={title} className={styles.card}>
          <h2 className={styles.title}>
            <Icon aria-hidden="true" size={22} strokeWidth={2} className={styles.icon} />
            {title}
          </h2>
          <p className={styles.body}>{body}</p>
        </section>
      ))}
      {notice.data?.due && (
        <div className={styles.action}>
          {confirm.isError && <NoticeMessage tone="error">{m.confirmFailed}</NoticeMessage>}
          <Button block busy={confirm.isPending} onClick={() => confirm.mutate()}>
            {m.confirm}
          </Button>
        </div>
      )}
    </div>
  );
}
