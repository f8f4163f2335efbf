import { LockKeyhole, LogIn, ShieldCheck } from 'lucide-react';
import { useParams } from '@/shared/routing/location.ts';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { verifyPathFor } from '@/shared/lib/pin-gate.ts';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { ChildEditor } from '../components/child-editor.tsx';
import { ChildNotice } from '../components/child-notice.tsx';
import { ChildrenManager } from '../components/children-list.tsx';
import { MyIdForm } from '../components/my-id-form.tsx';
import { MyPasswordForm } from '../components/my-password-form.tsx';
import { UserInfoView } from '../components/user-info-view.tsx';
import { useSignedInUser } from '../hooks/use-signed-in-user.ts';
import { isChildrenUserId } from '../my-rules.ts';
import { myMessages } from '@/shared/messages/my.ts';

/**
 * The my-page screens of spec §2 but /my itself (my-page.tsx). The layout's guard lets only signed-in
 * people in, except children-info.
 */

export function UserInfoPage() {
  const user = useSignedInUser();
  return (
    <Page title={messages.pages.myUserInfo} backTo="/my">
      {user && <UserInfoView user={user} />}
    </Page>
  );
}

/** /my/children; the router's pin gate already keeps everyone else out. */
export function ChildrenPage() {
  const user = useSignedInUser();
  return (
    <Page title={messages.pages.myChildren} backTo="/my" description={myMessages.childrenDescription}>
      {user && <ChildrenManager userId={user.userInfo.userId} />}
    </Page>
  );
}

/**
 * /my/children-info/{childrenUserId}. Spec §6 lets visitors open it, but the data is the parent's:
 * a visitor is asked to log in and nothing is called without a session.
 */
export function ChildInfoPage() {
  const user = useSignedInUser();
  const { childrenUserId } = useParams();
  let content;
  if (!user) {
    content = (
      <EmptyState
        icon={LogIn}
        message={myMessages.loginRequired}
        action={{ label: myMessages.goLogin, to: LOGIN_PATH }}
      >
        <p>{myMessages.loginRequiredBody}</p>
      </EmptyState>
    );
  } else if (!user.isPinUser) {
    // The same gate as /my/children: it says what is needed and leads to 회원 인증 (children cannot).
    content =
      user.accountType === 'CHILD' ? (
        <EmptyState
          icon={ShieldCheck}
          message={messages.pinGate.child.children}
          action={{ label: myMessages.backToMy, to: '/my' }}
        />
      ) : (
        <EmptyState
          icon={ShieldCheck}
          message={messages.pinGate.title.children}
          action={{ label: messages.pinGate.verify, to: verifyPathFor('children') }}
        >
          <p>{messages.pinGate.body.children}</p>
        </EmptyState>
      );
  } else if (!isChildrenUserId(childrenUserId)) {
    content = (
      <EmptyState
        icon={LockKeyhole}
        message={myMessages.childNotFound}
        action={{ label: myMessages.backToChildren, to: '/my/children' }}
      />
    );
  } else {
    content = <ChildEditor userId={user.userInfo.userId} childrenUserId={childrenUserId} />;
  }
  return (
    <Page title={messages.pages.myChildInfo} backTo={user ? '/my/children' : undefined}>
      {content}
    </Page>
  );
}

/** /my/id: a child changes their own login id; a Kakao account has none. */
export function MyIdPage() {
  const user = useSignedInUser();
  return (
    <Page title={messages.pages.myId} backTo="/my">
      {user?.accountType === 'CHILD' ? (
        <MyIdForm loginId={user.userInfo.id} />
      ) : (
        <EmptyState
          icon={LockKeyhole}
          message={myMessages.parentHasNoId}
          action={{ label: myMessages.backToMy, to: '/my' }}
        />
      )}
    </Page>
  );
}

/** /my/pw: a child changes their own password; a Kakao account has none. */
export function MyPasswordPage() {
  const user = useSignedInUser();
  return (
    <Page title={messages.pages.myPassword} backTo="/my">
      {user?.accountType === 'CHILD' ? (
        <MyPasswordForm loginId={user.userInfo.id} />
      ) : (
        <EmptyState
          icon={LockKeyhole}
          message={myMessages.parentHasNoPassword}
          action={{ label: myMessages.backToMy, to: '/my' }}
        />
      )}
    </Page>
  );
}

/** /my/child-notice: the notice a child reads about their data, first at sign-in (decision 039). */
export function ChildNoticePage() {
  const user = useSignedInUser();
  return (
    <Page title={messages.pages.myChildNotice} backTo="/my">
      {user && <ChildNotice userId={user.userInfo.userId} />}
    </Page>
  );
}
