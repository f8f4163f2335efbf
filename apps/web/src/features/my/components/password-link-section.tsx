import type { Child } from '@hamkke/contract/my/children';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { createChildPasswordLink } from '../api/child-links.ts';
import { ChildLinkShare } from './child-link-share.tsx';
import styles from './my.module.css';

/** 비밀번호 재설정 링크: the child sets a new password themselves, on their own phone. */
export function PasswordLinkSection({ child }: { child: Child }) {
  const make = useMutation({ mutationFn: () => createChildPasswordLink(child.childrenUserId) });

  return (
    <section className={styles.section} aria-labelledby="password-link-title">
      <h2 id="password-link-title" className={styles.sectionTitle}>
        {messages.childInvite.resetTitle}
      </h2>
      <p className={styles.sectionText}>{messages.childInvite.resetDescription}</p>
      {make.isError && <NoticeMessage tone="error">{errorMessageFor(make.error)}</NoticeMessage>}
      {make.data && (
        <ChildLinkShare
          key={make.data.path}
          link={make.data}
          shareTitle={messages.childInvite.resetShareTitle}
          shareText={messages.childInvite.resetShareText(child.userNm)}
        />
      )}
      <Button
        variant={make.data ? 'neutral' : 'secondary'}
        block
        busy={make.isPending}
        onClick={() => make.mutate()}
      >
        <KeyRound aria-hidden="true" size={20} />
        {make.data ? messages.childInvite.resetAgain : messages.childInvite.resetAction}
      </Button>
    </section>
  );
}
