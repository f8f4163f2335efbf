import { Tabs } from '@base-ui/react/tabs';
import type { FamilyGroup, TeamMember } from '@hamkke/contract/team/team';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { TeamType } from '@/shared/api/teams.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { messages } from '@/shared/messages.ts';
import { useLoggedIn } from '@/shared/stores/session-store.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { CertificationView } from '@/shared/ui/certification-view.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import {
  memberDetailQueryOptions,
  teamFamiliesQueryOptions,
  teamMembersQueryOptions,
  teamRanksQueryOptions,
} from '../api/team-queries.ts';
import { FamilyList, percentOf } from '../components/team-parts.tsx';
import styles from '../components/team.module.css';
import { memberDetailPath } from '../team-paths.ts';
import { LogIn } from 'lucide-react';

const m = messages.team;

/** A row that stays visible: when it scrolls out of view, a copy sticks above the bottom navigation. */
function StickyMine({
  row,
  children,
}: {
  row: ReactNode;
  children: (ref: (node: HTMLLIElement | null) => void) => ReactNode;
}) {
  const [hidden, setHidden] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = (node: HTMLLIElement | null) => {
    observer.current?.disconnect();
    if (!node || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(([entry]) => setHidden(!entry?.isIntersecting));
    observer.current.observe(node);
  };
  return (
    <>
      {children(ref)}
      {hidden && (
        <div className={styles.sticky} aria-label={m.myRow}>
          {row}
        </div>
      )}
    </>
  );
}

function MemberRankRow({
  member,
  team,
}: {
  member: TeamMember;
  team: { teamId: string; challengeType: TeamType };
}) {
  return (
    <div className={`${styles.row} ${member.isMe ? styles.rowMine : ''}`}>
      <span className={styles.rank}>{m.rank(member.rank)}</span>
      <Link to={memberDetailPath(team, member.teamMbrId)} className={`${styles.cardLink} ${styles.grow}`}>
        {member.alias}
        {member.isMe && ` (${m.me})`}
      </Link>
      <span className={styles.meta}>{m.certifications(member.certifications)}</span>
    </div>
  );
}

function MemberRanking({ teamId, type }: { teamId: string; type: TeamType }) {
  const members = useQuery(teamMembersQueryOptions(teamId, type));
  return (
    <QueryState query={members}>
      {({ members: list }) => {
        const mine = list.find((member) => member.isMe);
        const team = { teamId, challengeType: type };
        return (
          <StickyMine row={mine ? <MemberRankRow member={mine} team={team} /> : null}>
            {(ref) => (
              <ol className={styles.list}>
                {list.map((member) => (
                  <li key={member.teamMbrId} ref={member.isMe ? ref : undefined}>
                    <MemberRankRow member={member} team={team} />
                  </li>
                ))}
              </ol>
            )}
          </StickyMine>
        );
      }}
    </QueryState>
  );
}

function FamilyRankRow({ family }: { family: FamilyGroup }) {
  return (
    <div className={`${styles.row} ${family.isMine ? styles.rowMine : ''}`}>
      <span className={styles.rank}>{m.rank(family.rank)}</span>
      <span className={styles.grow}>{m.family(family.parentAlias)}</span>
      <span className={styles.meta}>{m.average(family.average)}</span>
    </div>
  );
}

function FamilyRanking({ teamId, type }: { teamId: string; type: TeamType }) {
  const families = useQuery(teamFamiliesQueryOptions(teamId, type));
  return (
    <QueryState query={families}>
      {({ families: list }) => {
        const mine = list.find((family) => family.isMine);
        return (
          <StickyMine row={mine ? <FamilyRankRow family={mine} /> : null}>
            {(ref) => (
              <ol className={styles.list}>
                {list.map((family) => (
                  <li key={family.familyId} ref={family.isMine ? ref : undefined}>
                    <FamilyRankRow family={family} />
                  </li>
                ))}
              </ol>
            )}
          </StickyMine>
        );
      }}
    </QueryState>
  );
}

function TeamRanking({ teamId, type }: { teamId: string; type: TeamType }) {
  const ranks = useQuery(teamRanksQueryOptions(teamId, type));
  return (
    <QueryState query={ranks}>
      {({ teams }) => (
        <ol className={styles.list}>
          {teams.map((team) => (
            <li key={team.teamId} className={`${styles.row} ${team.isMine ? styles.rowMine : ''}`}>
              <span className={styles.rank}>{m.rank(team.rank)}</span>
              <span aria-hidden="true">{team.emoji}</span>
              <span className={styles.grow}>{team.name}</span>
              <span className={styles.meta}>{m.teamRate(percentOf(team.rate * 1000, 1000))}</span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

export function ChallengeTeamRankingPage() {
  return <RankingPage type="challenge" />;
}
export function AlwaysTeamRankingPage() {
  return <RankingPage type="always" />;
}

/** Rankings: members one by one, families, and the teams of the round; my own row always in view. */
function RankingPage({ type }: { type: TeamType }) {
  const { teamId = '', challengeId = '', subChallengeId = '' } = useParams();
  const [tab, setTab] = useState<'members' | 'families' | 'teams'>('members');
  const back =
    type === 'always'
      ? `/team/${teamId}/always/${subChallengeId}`
      : `/team/${teamId}/challenge/${challengeId}/${subChallengeId}`;
  return (
    <Page
      title={type === 'always' ? messages.pages.teamAlwaysRanking : messages.pages.teamChallengeRanking}
      backTo={back}
    >
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as typeof tab)}>
        <Tabs.List className={styles.tabList} aria-label={m.rankingLabel} activateOnFocus>
          {(['members', 'families', 'teams'] as const).map((key) => (
            <Tabs.Tab key={key} value={key} className={styles.tab}>
              {m.rankingTabs[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="members" style={{ marginTop: 16 }}>
          <MemberRanking teamId={teamId} type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="families" style={{ marginTop: 16 }}>
          <FamilyRanking teamId={teamId} type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="teams" style={{ marginTop: 16 }}>
          <TeamRanking teamId={teamId} type={type} />
        </Tabs.Panel>
      </Tabs.Root>
    </Page>
  );
}

/** Spec §6 lets visitors open member pages; their content is for members, so a visitor is asked to log in. */
function MembersOnly({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  if (loggedIn) return <>{children}</>;
  return (
    <EmptyState icon={LogIn} message={m.loginToSee}>
      <ButtonLink to={LOGIN_PATH} variant="primary">
        {m.login}
      </ButtonLink>
    </EmptyState>
  );
}

export function TeamMembersAlwaysPage() {
  return <MembersPage type="always" />;
}
export function TeamMembersChallengePage() {
  return <MembersPage type="challenge" />;
}

function MembersPage({ type }: { type: TeamType }) {
  const { teamId = '' } = useParams();
  const [tab, setTab] = useState<'families' | 'people'>('families');
  return (
    <Page
      title={type === 'always' ? messages.pages.teamMembersAlways : messages.pages.teamMembersChallenge}
      backTo="/team?tab=in_progress"
    >
      <MembersOnly>
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as typeof tab)}>
          <Tabs.List className={styles.tabList} aria-label={m.rankingLabel} activateOnFocus>
            <Tabs.Tab value="families" className={styles.tab}>
              {m.membersTabs.families}
            </Tabs.Tab>
            <Tabs.Tab value="people" className={styles.tab}>
              {m.membersTabs.people}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="families" style={{ marginTop: 16 }}>
            <FamiliesTab teamId={teamId} type={type} />
          </Tabs.Panel>
          <Tabs.Panel value="people" style={{ marginTop: 16 }}>
            <MemberRanking teamId={teamId} type={type} />
          </Tabs.Panel>
        </Tabs.Root>
      </MembersOnly>
    </Page>
  );
}

function FamiliesTab({ teamId, type }: { teamId: string; type: TeamType }) {
  const families = useQuery(teamFamiliesQueryOptions(teamId, type));
  return (
    <QueryState query={families}>
      {({ families: list }) => <FamilyList families={list} level={2} />}
    </QueryState>
  );
}

export function TeamMemberDetailAlwaysPage() {
  return <MemberDetailPage type="always" />;
}
export function TeamMemberDetailChallengePage() {
  return <MemberDetailPage type="challenge" />;
}

/** One member's certifications in this round, by day. */
function MemberDetailPage({ type }: { type: TeamType }) {
  const { teamId = '', teamMbrId = '' } = useParams();
  return (
    <Page
      title={
        type === 'always' ? messages.pages.teamMemberDetailAlways : messages.pages.teamMemberDetailChallenge
      }
      backTo={`/team/member/${teamId}/${type}`}
    >
      <MembersOnly>
        <MemberDetail teamId={teamId} teamMbrId={teamMbrId} type={type} />
      </MembersOnly>
    </Page>
  );
}

function MemberDetail({ teamId, teamMbrId, type }: { teamId: string; teamMbrId: string; type: TeamType }) {
  const detail = useQuery(memberDetailQueryOptions(teamId, teamMbrId, type));
  return (
    <QueryState query={detail}>
      {({ member, days }) => (
        <div className={styles.stack}>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{member.alias}</h2>
            <p className={styles.meta}>
              {m.rank(member.rank)} · {m.certifications(member.certifications)}
            </p>
          </section>
          <section className={styles.section} aria-labelledby="member-history">
            <h2 id="member-history" className={styles.sectionTitle}>
              {m.memberHistory}
            </h2>
            {days.length === 0 && <p className={styles.meta}>{m.memberHistoryEmpty}</p>}
            {days.map((day) => (
              <section
                key={day.date}
                className={styles.section}
                aria-label={formatShortDay(day.date) ?? day.date}
              >
                <h3 className={styles.cardTitle}>{formatShortDay(day.date)}</h3>
                {day.certifications.map((certification) => (
                  <CertificationView key={certification.certificationId} certification={certification} />
                ))}
              </section>
            ))}
          </section>
        </div>
      )}
    </QueryState>
  );
}
