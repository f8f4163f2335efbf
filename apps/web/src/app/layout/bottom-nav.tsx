import { Activity, House, Trophy, User, Users, type LucideIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/shared/routing/link.tsx';
import { useLocation } from '@/shared/routing/location.ts';
import { closeRewardNotice } from '@/shared/api/rewards.ts';
import { messages } from '@/shared/messages.ts';
import type { TabRoot } from '../chrome.ts';
import { sameTeamPageRedirect } from '../route-guards.ts';
import styles from './bottom-nav.module.css';

const tabs: ReadonlyArray<{ to: TabRoot; label: string; icon: LucideIcon }> = [
  { to: '/home', label: messages.nav.home, icon: House },
  { to: '/challenge', label: messages.nav.challenge, icon: Trophy },
  { to: '/team', label: messages.nav.team, icon: Users },
  { to: '/active', label: messages.nav.active, icon: Activity },
  { to: '/my', label: messages.nav.my, icon: User },
];

/** The five tabs (spec §2), 64 px plus the phone's safe area. */
export function BottomNav({ current }: { current: TabRoot }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const queryClient = useQueryClient();
  return (
    <nav className={styles.nav} aria-label={messages.nav.label}>
      <ul className={styles.list}>
        {tabs.map(({ to, label, icon: Icon }) => {
          const active = to === current;
          return (
            <li key={to} className={styles.item}>
              <Link
                // Tapping the Team tab while on it opens my teams, in-progress tab (spec §4).
                to={sameTeamPageRedirect(here, to) ?? to}
                className={styles.link}
                aria-current={active ? 'page' : undefined}
                // Spec §4: tapping 마이 while the reward notice shows sets it to N.
                onClick={to === '/my' ? () => void closeRewardNotice(queryClient) : undefined}
              >
                <Icon aria-hidden="true" size={24} strokeWidth={active ? 2.4 : 2} />
                <span className={styles.label}>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
