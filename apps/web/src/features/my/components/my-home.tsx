import {
  Baby,
  ChevronRight,
  CircleHelp,
  Gift,
  Info,
  Medal,
  KeyRound,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@/shared/messages.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { logOut } from '../api/account.ts';
import { useEndSession } from '../hooks/use-end-session.ts';
import type { SignedInUser } from '../hooks/use-signed-in-user.ts';
import styles from './my.module.css';

interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The menu fits the account: parents manage children once verified, children change their password. */
function menuFor({ accountType, isPinUser }: SignedInUser): MenuItem[] {
  const items: MenuItem[] = [{ to: '/my/userinfo', label: messages.my.menuUserInfo, icon: UserRound }];
  if (accountType === 'PARENT') {
    items.push(
      isPinUser
        ? { to: '/my/children', label: messages.my.menuChildren, icon: Baby }
        : { to: '/my/userinfo', label: messages.my.menuVerify, icon: ShieldCheck },
    );
  } else {
    items.push({ to: '/my/pw', label: messages.my.menuPassword, icon: KeyRound });
  }
  items.push(
    { to: '/my/rewardHistory', label: messages.my.menuRewardHistory, icon: Gift },
    { to: '/my/badges', label: messages.rewards.myBadgesMenu, icon: Medal },
    { to: '/my/faq', label: messages.my.menuFaq, icon: CircleHelp },
    { to: '/my/serviceinfo', label: messages.my.menuServiceInfo, icon: Info },
  );
  return items;
}

/** /my: who is signed in, the menu, and logout. */
export function MyHome({ user }: { user: SignedInUser }) {
  const endSession = useEndSession();
  const { userInfo, accountType, isPinUser } = user;

  const confirmLogout = async () => {
    await withLoadingOverlay(logOut);
    await endSession('logged_out');
  };

  return (
    <>
      <section className={styles.profile} aria-label={messages.my.accountDetails}>
        <span className={styles.avatar} aria-hidden="true">
          {userInfo.userNm.slice(0, 1)}
        </span>
        <div className={styles.profileText}>
          <p className={styles.profileName}>{messages.my.greeting(userInfo.userNm)}</p>
          <p className={styles.profileMeta}>{messages.my.aliasLine(userInfo.alias)}</p>
          <p className={styles.badges}>
            <span className={styles.badge}>
              {accountType === 'PARENT' ? messages.my.accountParent : messages.my.accountChild}
            </span>
            {accountType === 'PARENT' && (
              <span className={isPinUser ? styles.badgeStrong : styles.badge}>
                {isPinUser ? messages.my.pinVerified : messages.my.pinNotVerified}
              </span>
            )}
          </p>
        </div>
      </section>

      <nav aria-label={messages.my.menuLabel}>
        <ul className={styles.menu}>
          {menuFor(user).map(({ to, label, icon: Icon }) => (
            <li key={label}>
              <Link to={to} className={styles.menuLink}>
                <Icon aria-hidden="true" size={22} strokeWidth={2} />
                <span className={styles.menuLabel}>{label}</span>
                <ChevronRight aria-hidden="true" size={20} className={styles.chevron} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <ConfirmDialog
        triggerLabel={messages.my.logout}
        title={messages.my.logoutConfirm}
        cancelLabel={messages.my.cancel}
        confirmLabel={messages.my.logout}
        onConfirm={() => void confirmLogout()}
      />
    </>
  );
}
