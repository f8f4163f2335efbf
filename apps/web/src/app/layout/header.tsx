import { Bell, CircleHelp, Info, type LucideIcon } from 'lucide-react';
import { Link } from '@/shared/routing/link.tsx';
import { HeaderCounts } from '@/features/home/components/header-counts.tsx';
import { messages } from '@/shared/messages.ts';
import type { TabRoot } from '../chrome.ts';
import styles from './header.module.css';
import { SessionCountdown } from './session-countdown.tsx';

interface HeaderProps {
  tab: TabRoot;
  /** Highlights the notice icon when any notice is new. */
  hasNewNotice: boolean;
}

/** The 56 px header of the five tab roots (spec §2). */
export function Header({ tab, hasNewNotice }: HeaderProps) {
  return (
    <header className={styles.header}>
      {/* The countdown shares the title row so the counts line gets the full width below it. */}
      <div className={styles.titleBlock}>
        <div className={styles.titleRow}>
          <Link to="/home" className={styles.brand}>
            {messages.app.name}
          </Link>
          <SessionCountdown />
        </div>
        <HeaderCounts />
      </div>
      <div className={styles.actions}>
        {tab === '/my' ? (
          <>
            <IconLink to="/my/serviceinfo" label={messages.header.serviceInfo} icon={Info} />
            <IconLink to="/my/faq" label={messages.header.faq} icon={CircleHelp} />
          </>
        ) : (
          <IconLink
            to="/home/notice"
            label={hasNewNotice ? messages.header.noticeWithNew : messages.header.notice}
            icon={Bell}
            dot={hasNewNotice}
          />
        )}
      </div>
    </header>
  );
}

interface IconLinkProps {
  to: string;
  label: string;
  icon: LucideIcon;
  dot?: boolean;
}

function IconLink({ to, label, icon: Icon, dot = false }: IconLinkProps) {
  return (
    <Link to={to} className={styles.iconLink} aria-label={label}>
      <Icon aria-hidden="true" size={24} strokeWidth={2} />
      {dot && <span className={styles.dot} aria-hidden="true" />}
    </Link>
  );
}
