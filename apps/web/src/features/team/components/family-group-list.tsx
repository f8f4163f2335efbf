import type { FamilyGroup, TeamMember } from '@hamkke/contract/team/team';
import type { ReactNode } from 'react';
import { MemberRow } from './member-row.tsx';
import styles from './team-detail.module.css';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';

const m = teamDetailMessages;

interface FamilyGroupListProps {
  families: readonly FamilyGroup[];
  /** The level of each family's name, to fit the page's outline. */
  headingLevel?: 2 | 3;
  /** Where a member's row leads (their certifications); plain rows when absent. */
  memberLink?: (member: TeamMember) => string;
  /** What a person's row shows on the right instead of today's state. */
  memberTrailing?: (member: TeamMember) => ReactNode;
  /** An action in the family's heading row, e.g. "내보내기" on the management page. */
  familyAction?: (family: FamilyGroup) => ReactNode;
}

/** Members grouped by family ("하늘맘네 가족"), my family marked, each person with today's state. */
export function FamilyGroupList({
  families,
  headingLevel = 3,
  memberLink,
  memberTrailing,
  familyAction,
}: FamilyGroupListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.list}>
      {families.map((family) => (
        <li key={family.familyId} className={`${styles.family} ${family.isMine ? styles.familyMine : ''}`}>
          <div className={styles.familyHead}>
            <Heading className={`${styles.familyName} ${styles.grow}`}>
              {m.familyName(family.parentAlias)}
              {family.isMine && <span className="visually-hidden"> ({m.myFamily})</span>}
            </Heading>
            {family.isMine && (
              <span className={`${styles.chip} ${styles.chipBrand}`} aria-hidden="true">
                {m.myFamily}
              </span>
            )}
            {familyAction?.(family)}
          </div>
          <ul className={styles.list}>
            {family.members.map((member) => (
              <li key={member.teamMbrId}>
                <MemberRow member={member} to={memberLink?.(member)} trailing={memberTrailing?.(member)} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
