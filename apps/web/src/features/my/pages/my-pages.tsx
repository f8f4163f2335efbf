import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

/** The my-page screens of spec §2; each arrives with the my feature. */

export function MyPage() {
  return <ComingSoonPage title={messages.pages.my} />;
}

export function FaqPage() {
  return <ComingSoonPage title={messages.pages.myFaq} backTo="/my" />;
}

export function ServiceInfoPage() {
  return <ComingSoonPage title={messages.pages.myServiceInfo} backTo="/my" />;
}

export function UserInfoPage() {
  return <ComingSoonPage title={messages.pages.myUserInfo} backTo="/my" />;
}

export function RewardHistoryPage() {
  return <ComingSoonPage title={messages.pages.myRewardHistory} backTo="/my" />;
}

export function ChildrenPage() {
  return <ComingSoonPage title={messages.pages.myChildren} backTo="/my" />;
}

export function ChildInfoPage() {
  return <ComingSoonPage title={messages.pages.myChildInfo} backTo="/my" />;
}

export function MyIdPage() {
  return <ComingSoonPage title={messages.pages.myId} backTo="/my" />;
}

export function MyPasswordPage() {
  return <ComingSoonPage title={messages.pages.myPassword} backTo="/my" />;
}
