import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function NoticeListPage() {
  return <ComingSoonPage title={messages.pages.homeNotice} backTo="/home" />;
}

export function NoticeDetailPage() {
  return <ComingSoonPage title={messages.pages.homeNoticeDetail} backTo="/home/notice" />;
}
