import {
  Baby,
  BookHeart,
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
import { verifyPathFor } from '@/shared/lib/pin-gate.ts';
import { Link } from '@/shared/routing/link.tsx';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { logOut } from '../api/account.ts';
import { useEndSession } from '../hooks/use-end-session.ts';
import { DataExportCard } from './data-export-card.tsx';
import { PushSettingsCard } from './push-settings-card.tsx';
import type { SignedInUser } from '../hooks/use-signed-in-user.ts';
import styles from './my.module.css';
import { childNoticeMessages, myMessages } from '@/shared/messages/my.ts';
import { rewardMessages } from '@/shared/messages/rewards.ts';

interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The menu fits the account: parents manage children once verified, children change their password. */
function menuFor({ accountType, isPinUser }: SignedInUser): MenuItem[] {
  const items: MenuItem[] = [{ to: '/my/userinfo', label: myMessages.menuUserInfo, icon: UserRound }];
  if (accountType === 'PARENT') {
    items.push(
      isPinUser
        ? { to: '/my/children', label: myMessages.menuChildren, icon: Baby }
        : { to: verifyPathFor(null), label: myMessages.menuVerify, icon: ShieldCheck },
    );
  } else {
    items.push({ to: '/my/pw', label: myMessages.menuPassword, icon: KeyRound });
  }
  items.push(
    { to: '/my/rewardHistory', label: myMessages.menuRewardHistory, icon: Gift },
    { to: '/my/badges', label: rewardMessages.myBadgesMenu, icon: Medal },
    { to: '/my/child-notice', label: childNoticeMessages.menu, icon: BookHeart },
    { to: '/my/faq', label: myMessages.menuFaq, icon: CircleHelp },
    { to: '/my/serviceinfo', label: myMessages.menuServiceInfo, icon: Info },
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
      <section className={styles.profile} aria-label={myMessages.accountDetails}>
        <span className={styles.avatar} aria-hidden="true">
          {userInfo.userNm.slice(0, 1)}
        </span>
        <div className={styles.profileText}>
          <p className={styles.profileName}>{myMessages.greeting(userInfo.userNm)}</p>
          <p className={styles.profileMeta}>{myMessages.aliasLine(userInfo.alias)}</p>
          <p className={styles.badges}>
            <span className={styles.badge}>
              {accountType === 'PARENT' ? myMessages.accountParent : myMessages.accountChild}
            </span>
            {accountType === 'PARENT' && (
              <span className={isPinUser ? styles.badgeStrong : styles.badge}>
                {isPinUser ? myMessages.pinVerified : myMessages.pinNotVerified}
              </span>
            )}
          </p>
        </div>
      </section>

      <nav aria-label={myMessages.menuLabel}>
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

      <PushSettingsCard userId={userInfo.userId} />

      {accountType === 'PARENT' && isPinUser && <DataExportCard userId={userInfo.userId} />}

      <ConfirmDialog
        triggerLabel={myMessages.logout}
        title={myMessages.logoutConfirm}
        cancelLabel={myMessages.cancel}
        confirmLabel={myMessages.logout}
        onConfirm={() => void confirmLogout()}
      />
    </>
  );
}
