import type { Child } from '@hamkke/contract/my/children';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { createChildPasswordLink } from '../api/child-links.ts';
import { ChildLinkShare } from './child-link-share.tsx';
import styles from './my.module.css';
import { childInviteMessages } from '@/shared/messages/my.ts';

/** 비밀번호 재설정 링크: the child sets a new password themselves, on their own phone. */
export function PasswordLinkSection({ child }: { child: Child }) {
  const make = useMutation({ mutationFn: () => createChildPasswordLink(child.childrenUserId) });

  return (
    <section className={styles.section} aria-labelledby="password-link-title">
      <h2 id="password-link-title" className={styles.sectionTitle}>
        {childInviteMessages.resetTitle}
      </h2>
      <p className={styles.sectionText}>{childInviteMessages.resetDescription}</p>
      {make.isError && <NoticeMessage tone="error">{errorMessageFor(make.error)}</NoticeMessage>}
      {make.data && (
        <ChildLinkShare
          key={make.data.path}
          link={make.data}
          shareTitle={childInviteMessages.resetShareTitle}
          shareText={childInviteMessages.resetShareText(child.userNm)}
        />
      )}
      <Button
        variant={make.data ? 'neutral' : 'secondary'}
        block
        busy={make.isPending}
        onClick={() => make.mutate()}
      >
        <KeyRound aria-hidden="true" size={20} />
        {make.data ? childInviteMessages.resetAgain : childInviteMessages.resetAction}
      </Button>
    </section>
  );
}
