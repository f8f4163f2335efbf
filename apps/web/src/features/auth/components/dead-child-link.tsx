import { Link2Off } from 'lucide-react';
import { messages } from '@/shared/messages.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { childrenLoginPath } from '../child-link-rules.ts';
import { LoginResult } from './login-result.tsx';

/** 링크가 만료되었거나 이미 사용했어요: ask a parent for a new one, or log in if the id is made. */
export function DeadChildLink() {
  return (
    <LoginResult
      title={messages.childLink.deadTitle}
      icon={Link2Off}
      actions={
        <ButtonLink to={childrenLoginPath()} block>
          {messages.childrenLogin.goChildrenLogin}
        </ButtonLink>
      }
    >
      <p>{messages.childLink.deadBody}</p>
      <p>{messages.childLink.deadLoginHint}</p>
    </LoginResult>
  );
}
