import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { invitedCountQueryOptions } from '@/shared/api/teams.ts';
import { messages } from '@/shared/messages.ts';
import styles from './invitations-card.module.css';

/** Pending direct invitations, shown on /home only while there are some. */
export function InvitationsCard() {
  const count = useQuery(invitedCountQueryOptions());
  if (!count.data) return null;
  return (
    <Link to="/challenge#invitations" className={styles.card}>
      <Mail aria-hidden="true" size={22} />
      <span className={styles.text}>{messages.team.homeInvitations(count.data)}</span>
      <ChevronRight aria-hidden="true" size={20} />
    </Link>
  );
}
