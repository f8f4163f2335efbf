import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Mail } from 'lucide-react';
import { Link } from '@/shared/routing/link.tsx';
import { invitedCountQueryOptions } from '@/shared/api/teams.ts';
import styles from './invitations-card.module.css';
import { homeMessages } from '@/shared/messages/missions.ts';

/** Pending direct invitations, shown on /home only while there are some. */
export function InvitationsCard() {
  const count = useQuery(invitedCountQueryOptions());
  if (!count.data) return null;
  return (
    <Link to="/challenge#invitations" className={styles.card}>
      <Mail aria-hidden="true" size={22} />
      <span className={styles.text}>{homeMessages.invitations(count.data)}</span>
      <ChevronRight aria-hidden="true" size={20} />
    </Link>
  );
}
