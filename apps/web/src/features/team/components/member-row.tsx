import type { TeamMember } from '@hamkke/contract/team/team';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import styles from './team-detail.module.css';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';

const m = teamDetailMessages;

/** The person's first letter in a circle: children warm, me in the brand color. */
export function MemberAvatar({ member }: { member: Pick<TeamMember, 'alias' | 'userType' | 'isMe'> }) {
  const tone = member.isMe ? styles.avatarMine : member.userType === 'CHILD' ? styles.avatarChild : '';
  return (
    <span className={`${styles.avatar} ${tone}`} aria-hidden="true">
      {Array.from(member.alias)[0] ?? ''}
    </span>
  );
}

/** "팀장", "자녀" or "보호자". */
export function roleText(member: Pick<TeamMember, 'role' | 'userType'>): string {
  if (member.role === 'MANAGER') return m.manager;
  return member.userType === 'CHILD' ? m.child : m.parent;
}

/** Today's state as a chip: done, n of m, or no missions today. */
export function TodayChip({ member }: { member: Pick<TeamMember, 'todayCertified' | 'todayMissionCount'> }) {
  const { todayCertified: done, todayMissionCount: total } = member;
  const complete = total > 0 && done >= total;
  const text = total === 0 ? m.todayNone : complete ? m.todayDone : m.todayCount(done, total);
  return (
    <span className={`${styles.chip} ${complete ? styles.chipSuccess : total === 0 ? styles.chipMuted : ''}`}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{m.todayLabel(done, total)}</span>
    </span>
  );
}

/**
 * An ended team's person: their final place and certifications (and medal), in place of today's
 * state — an ended round has no missions today, and "오늘 미션 없음" on every row says nothing.
 */
export function FinalChip({ member }: { member: Pick<TeamMember, 'rank' | 'certifications' | 'medal'> }) {
  return (
    <span className={`${styles.chip} ${member.medal ? styles.chipSuccess : ''}`}>
      <span aria-hidden="true">{m.finalChip(member.rank, member.certifications)}</span>
      <span className="visually-hidden">{m.finalLabel(member.rank, member.certifications)}</span>
    </span>
  );
}

/** The alias with "나" after my own name. */
export function MemberName({ member }: { member: Pick<TeamMember, 'alias' | 'isMe'> }) {
  return (
    <p className={styles.memberName}>
      <span className={styles.nameText}>{member.alias}</span>
      {member.isMe && <span className={`${styles.chip} ${styles.chipBrand}`}>{m.me}</span>}
    </p>
  );
}

/**
 * One person of a team: avatar, alias ("나" for me, highlighted), role, and what goes on the right
 * (today's state unless given). With `to`, the whole row opens their certifications.
 */
export function MemberRow({
  member,
  to,
  trailing,
}: {
  member: TeamMember;
  to?: string;
  trailing?: ReactNode;
}) {
  const content = (
    <>
      <MemberAvatar member={member} />
      <div className={styles.grow}>
        <MemberName member={member} />
        <p className={styles.meta}>{roleText(member)}</p>
      </div>
      {trailing ?? <TodayChip member={member} />}
      {to !== undefined && <ChevronRight className={styles.chevron} size={18} aria-hidden="true" />}
    </>
  );
  const className = `${styles.member} ${member.isMe ? styles.memberMine : ''}`;
  return to !== undefined ? (
    <Link to={to} className={className}>
      {content}
    </Link>
  ) : (
    <div className={className}>{content}</div>
  );
}
