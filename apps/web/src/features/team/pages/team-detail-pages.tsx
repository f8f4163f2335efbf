import type { FamilyGroup, TeamMember, TeamSummary } from '@hamkke/contract/team/team';
import type { TeamDetail } from '@hamkke/contract/team/team-read';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX2, LogIn, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { useNavigate, useParams, useSearchParams } from '@/shared/routing/location.ts';
import { useTeamRef } from '../hooks/use-team-ref.ts';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import type { TeamType } from '@/shared/api/teams.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { shareLink, urlOnOrigin } from '@/shared/lib/share.ts';
import { teamInvitePath } from '@/shared/lib/team-invite.ts';
import { messages } from '@/shared/messages.ts';
import { useLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { Button, ButtonLink } from '@/shared/ui/button.tsx';
import { CertificationView } from '@/shared/ui/certification-view.tsx';
import { ReportButton } from '@/shared/report/report-button.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Tabs } from '@/shared/ui/tabs.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import {
  alwaysTeamInfoQueryOptions,
  forgetTeam,
  memberDetailQueryOptions,
  teamDatesQueryOptions,
  teamDetailQueryOptions,
  teamFamiliesQueryOptions,
  teamMembersQueryOptions,
  teamRanksQueryOptions,
} from '../api/team-queries.ts';
import { removeTeamMember } from '../api/team-changes.ts';
import { DayStrip } from '../components/day-strip.tsx';
import { FamilyGroupList } from '../components/family-group-list.tsx';
import {
  FinalChip,
  MemberAvatar,
  MemberName,
  MemberRow,
  TodayChip,
  roleText,
} from '../components/member-row.tsx';
import { RankingList } from '../components/ranking-list.tsx';
import { RankExtras } from '../components/rank-change.tsx';
import { TeamResults } from '../components/team-results.tsx';
import styles from '../components/team-detail.module.css';

import { ProgressLine, TeamHeader } from '../components/team-header.tsx';
import { percentOf } from '../components/team-parts.tsx';
import { RowsSkeleton, TeamDetailSkeleton } from '../components/team-skeletons.tsx';
import {
  invitedPath,
  memberDetailPath,
  teamDetailPath,
  teamManagementPath,
  teamMembersPath,
  teamRankingPath,
} from '../team-paths.ts';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';
import { MissionIcon } from '@/shared/ui/app-icons.tsx';

/** The team pages' tabs (ranking, members) look alike. */
const tabStyles = { listClassName: styles.tabList, tabClassName: styles.tab, panelClassName: styles.panel };

const m = teamDetailMessages;
const MY_TEAMS = '/team?tab=in_progress';

// ─── Team detail ────────────────────────────────────────────────────────────

export function ChallengeTeamDetailPage() {
  return <TeamDetailPage type="challenge" />;
}

export function AlwaysTeamDetailPage() {
  return <TeamDetailPage type="always" />;
}

/** A team's page: the round and progress, what to do, the days, the missions and the families. */
function TeamDetailPage({ type }: { type: TeamType }) {
  const { teamId } = useTeamRef(type);
  const detail = useQuery(teamDetailQueryOptions(teamId, type));
  const title = type === 'always' ? messages.pages.teamAlwaysDetail : messages.pages.teamChallengeDetail;
  return (
    <Page title={detail.data?.team.name ?? title} documentTitle={title} backTo={MY_TEAMS}>
      <QueryState query={detail} loading={<TeamDetailSkeleton />}>
        {(data) => <TeamDetailView detail={data} type={type} />}
      </QueryState>
    </Page>
  );
}

function TeamDetailView({ detail, type }: { detail: TeamDetail; type: TeamType }) {
  const { team, progress } = detail;
  const ended = team.roundState === 'ended';
  return (
    <div className={styles.stack}>
      <TeamHeader team={team}>
        <div className={styles.progressGroup}>
          {team.roundState === 'running' && <ProgressLine label={m.progressToday} {...progress.today} />}
          <ProgressLine label={type === 'always' ? m.progressAlways : m.progressRound} {...progress.round} />
        </div>
        {type === 'always' && <AlwaysInfo teamId={team.teamId} />}
      </TeamHeader>
      {ended && <NoticeMessage tone="info">{m.readOnly}</NoticeMessage>}
      {ended && <TeamResults teamId={team.teamId} />}
      <TeamActions detail={detail} />
      <TeamDays team={team} type={type} />
      <section className={styles.section} aria-labelledby="team-missions">
        <h2 id="team-missions" className={styles.sectionTitle}>
          {type === 'always' ? m.missionsAlwaysTitle : m.missionsTitle}
        </h2>
        {detail.missions.length === 0 ? (
          <p className={styles.note}>{m.missionsEmpty}</p>
        ) : (
          <ul className={styles.list}>
            {detail.missions.map((mission) => (
              <li key={mission.missionId} className={styles.missionRow}>
                <span className={styles.missionIcon} aria-hidden="true">
                  <MissionIcon icon={mission.icon} size={22} />
                </span>
                <div className={styles.grow}>
                  <p className={styles.missionTitle}>{mission.title}</p>
                  {mission.description !== '' && <p className={styles.meta}>{mission.description}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="team-families">
        <h2 id="team-families" className={styles.sectionTitle}>
          {ended ? m.familiesEndedTitle : m.familiesTitle}
        </h2>
        {detail.families.length === 0 ? (
          <p className={styles.note}>{m.familiesEmpty}</p>
        ) : (
          <FamilyGroupList
            families={detail.families}
            memberLink={(member) => memberDetailPath(team, member.teamMbrId)}
            {...(ended ? { memberTrailing: (member: TeamMember) => <FinalChip member={member} /> } : {})}
          />
        )}
      </section>
      {!ended && <LeaveTeam detail={detail} type={type} />}
    </div>
  );
}

/** "함께한 지 12일 · 7가족 · 누적 인증 340회" of an always team; nothing while it loads or fails. */
function AlwaysInfo({ teamId }: { teamId: string }) {
  const info = useQuery(alwaysTeamInfoQueryOptions(teamId));
  if (!info.data) return null;
  const { runningDays, familyCount, totalCertifications } = info.data;
  return <p className={styles.meta}>{m.alwaysInfo(runningDays, familyCount, totalCertifications)}</p>;
}

function TeamActions({ detail }: { detail: TeamDetail }) {
  const { team } = detail;
  const alias = useSessionStore((state) => state.userInfo?.alias ?? '');
  const invite = useMutation({
    mutationFn: () =>
      shareLink({
        url: urlOnOrigin(
          window.location.origin,
          teamInvitePath(team.teamId, team.subChallengeId, team.challengeType),
        ),
        title: m.inviteShareTitle(team.name),
        text: m.inviteShareText(alias, team.name),
      }),
    onSuccess: (outcome) => {
      if (outcome === 'copied') showToast(m.inviteCopied);
      else if (outcome === 'shared') showToast(m.inviteShared);
      else if (outcome === 'failed') showToast(m.inviteFailed);
    },
  });
  return (
    <nav aria-label={m.actionsLabel}>
      <div className={styles.actions}>
        {detail.canInvite && (
          <Button variant="primary" block onClick={() => invite.mutate()} busy={invite.isPending}>
            {m.invite}
          </Button>
        )}
        {detail.canManage && (
          <ButtonLink to={teamManagementPath(team)} variant="secondary" block>
            {m.manage}
          </ButtonLink>
        )}
        {/* The three ways to look around share one row, each a third of it. */}
        <div className={styles.actionThirds}>
          <ButtonLink to={teamMembersPath(team)} variant="neutral">
            {m.viewMembers}
          </ButtonLink>
          <ButtonLink to={teamRankingPath(team)} variant="neutral">
            {m.viewRanking}
          </ButtonLink>
          <ButtonLink to={invitedPath(team.teamId)} variant="neutral">
            {m.viewInvited}
          </ButtonLink>
        </div>
      </div>
    </nav>
  );
}

/** The round's days with the team's certifications; nothing before the round starts. */
function TeamDays({ team, type }: { team: TeamSummary; type: TeamType }) {
  const dates = useQuery(teamDatesQueryOptions(team.teamId, type));
  if (dates.data?.days.length === 0 || dates.isError) return null;
  return (
    <section className={styles.section} aria-labelledby="team-days">
      <h2 id="team-days" className={styles.sectionTitle}>
        {m.daysTitle}
      </h2>
      <QueryState query={dates} loading={<RowsSkeleton rows={1} />}>
        {({ days, today }) => <DayStrip days={days} today={today} label={m.daysTitle} />}
      </QueryState>
    </section>
  );
}

/** Leaving takes one's children along; the manager is told to hand over first (MANAGER_MUST_HAND_OVER). */
function LeaveTeam({ detail, type }: { detail: TeamDetail; type: TeamType }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: () => removeTeamMember(type, detail.team.teamId, detail.me.teamMbrId),
    onSuccess: async () => {
      showToast(m.left);
      void navigate(MY_TEAMS, { replace: true });
      await forgetTeam(queryClient, detail.team.teamId);
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  return (
    <ConfirmDialog
      triggerLabel={m.leave}
      triggerLook={{ variant: 'neutral', block: true }}
      title={m.leaveTitle}
      description={detail.me.role === 'MANAGER' ? m.leaveManagerDescription : m.leaveDescription}
      cancelLabel={m.cancel}
      confirmLabel={m.leaveConfirm}
      danger
      disabled={leave.isPending}
      onConfirm={() => leave.mutate()}
    />
  );
}

// ─── Rankings ───────────────────────────────────────────────────────────────

export function ChallengeTeamRankingPage() {
  return <RankingPage type="challenge" />;
}

export function AlwaysTeamRankingPage() {
  return <RankingPage type="always" />;
}

const rankingTabs = ['members', 'families', 'teams'] as const;

/** The tab of a list page, kept in the address so going back returns to it. */
function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [search, setSearch] = useSearchParams();
  const current = search.get('view');
  const tab = tabs.find((candidate) => candidate === current) ?? tabs[0]!;
  const setTab = (next: T) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('view', next);
        return params;
      },
      { replace: true },
    );
  return [tab, setTab];
}

/** Rankings: members one by one, families, and the round's teams; my own row always in view. */
function RankingPage({ type }: { type: TeamType }) {
  const ref = useTeamRef(type);
  const [tab, setTab] = useTabParam(rankingTabs);
  return (
    <Page
      title={type === 'always' ? messages.pages.teamAlwaysRanking : messages.pages.teamChallengeRanking}
      backTo={teamDetailPath(ref)}
    >
      <Tabs
        values={rankingTabs}
        value={tab}
        onValueChange={setTab}
        labels={m.rankingTabs}
        label={m.rankingTabsLabel}
        {...tabStyles}
      >
        {tab === 'teams' ? (
          <>
            <p className={styles.note}>{m.teamRankingNote}</p>
            <TeamRanking teamId={ref.teamId} type={type} />
          </>
        ) : (
          <>
            <p className={styles.note}>{type === 'always' ? m.rankingNoteAlways : m.rankingNote}</p>
            {tab === 'members' ? (
              <MemberRanking key="members" teamId={ref.teamId} type={type} />
            ) : (
              <FamilyRanking key="families" teamId={ref.teamId} type={type} />
            )}
          </>
        )}
      </Tabs>
    </Page>
  );
}

function RankNumber({ rank }: { rank: number }) {
  return (
    <span className={`${styles.rankNumber} ${rank <= 3 ? styles.rankTop : ''}`} aria-label={m.rank(rank)}>
      {rank}
    </span>
  );
}

function RankScore({ main, label, sub }: { main: string; label: string; sub?: string }) {
  return (
    <span className={styles.rankScore}>
      <span aria-hidden="true">{main}</span>
      <span className="visually-hidden">{label}</span>
      {sub !== undefined && <span className={styles.rankScoreSub}>{sub}</span>}
    </span>
  );
}

function MemberRankRow({
  member,
  team,
  pinned,
}: {
  member: TeamMember;
  team: { teamId: string; challengeType: TeamType };
  pinned: boolean;
}) {
  const content = (
    <>
      <RankNumber rank={member.rank} />
      <MemberAvatar member={member} />
      <span className={styles.grow}>
        <MemberName member={member} />
        <span className={styles.meta}>{roleText(member)}</span>
      </span>
      <RankScore
        main={m.certifications(member.certifications)}
        label={m.certificationsLabel(member.certifications)}
      />
      <RankExtras rankChange={member.rankChange} medal={member.medal} />
    </>
  );
  return (
    <div className={`${styles.rankRow} ${member.isMe ? styles.rankRowMine : ''}`}>
      {pinned ? (
        <span className={styles.rankLink}>{content}</span>
      ) : (
        <Link to={memberDetailPath(team, member.teamMbrId)} className={styles.rankLink}>
          {content}
        </Link>
      )}
    </div>
  );
}

function MemberRanking({ teamId, type }: { teamId: string; type: TeamType }) {
  const members = useQuery(teamMembersQueryOptions(teamId, type));
  const team = { teamId, challengeType: type };
  return (
    <QueryState query={members} loading={<RowsSkeleton rows={6} />}>
      {({ members: list }) =>
        list.length === 0 ? (
          <EmptyState icon={Trophy} message={m.rankingEmpty} />
        ) : (
          <RankingList
            items={list}
            itemKey={(member) => member.teamMbrId}
            isMine={(member) => member.isMe}
            mineLabel={m.myRow}
            label={m.rankingTabs.members}
            renderRow={(member, pinned) => <MemberRankRow member={member} team={team} pinned={pinned} />}
          />
        )
      }
    </QueryState>
  );
}

function FamilyRankRow({ family }: { family: FamilyGroup }) {
  return (
    <div className={`${styles.rankRow} ${family.isMine ? styles.rankRowMine : ''}`}>
      <RankNumber rank={family.rank} />
      <span className={styles.grow}>
        <span className={styles.memberName}>
          <span className={styles.nameText}>{m.familyName(family.parentAlias)}</span>
          {family.isMine && <span className={`${styles.chip} ${styles.chipBrand}`}>{m.myFamily}</span>}
        </span>
        <span className={styles.meta}>{family.members.map((member) => member.alias).join(', ')}</span>
      </span>
      <RankScore
        main={m.certifications(family.certifications)}
        label={m.certificationsLabel(family.certifications)}
        sub={m.familyAverage(family.average)}
      />
    </div>
  );
}

function FamilyRanking({ teamId, type }: { teamId: string; type: TeamType }) {
  const families = useQuery(teamFamiliesQueryOptions(teamId, type));
  return (
    <QueryState query={families} loading={<RowsSkeleton rows={4} />}>
      {({ families: list }) =>
        list.length === 0 ? (
          <EmptyState icon={Trophy} message={m.rankingEmpty} />
        ) : (
          <RankingList
            items={list}
            itemKey={(family) => family.familyId}
            isMine={(family) => family.isMine}
            mineLabel={m.myFamilyRow}
            label={m.rankingTabs.families}
            renderRow={(family) => <FamilyRankRow family={family} />}
          />
        )
      }
    </QueryState>
  );
}

function TeamRanking({ teamId, type }: { teamId: string; type: TeamType }) {
  const ranks = useQuery(teamRanksQueryOptions(teamId, type));
  return (
    <QueryState query={ranks} loading={<RowsSkeleton rows={4} />}>
      {({ teams, mine, totalTeams, final }) =>
        teams.length === 0 ? (
          <EmptyState icon={Trophy} message={m.rankingEmpty} />
        ) : (
          <>
            <p className={styles.note}>
              {rewardMessages.totalTeams(totalTeams)}
              {final && ` · ${rewardMessages.finalRanking}`}
            </p>
            <RankingList
              items={teams}
              mine={mine}
              itemKey={(team) => team.teamId}
              isMine={(team) => team.isMine}
              mineLabel={m.myTeamRow}
              label={m.rankingTabs.teams}
              renderRow={(team) => {
                const percent = percentOf(Math.round(team.rate * 1000), 1000);
                return (
                  <div className={`${styles.rankRow} ${team.isMine ? styles.rankRowMine : ''}`}>
                    <RankNumber rank={team.rank} />
                    <span className={styles.missionIcon} aria-hidden="true">
                      {team.emoji}
                    </span>
                    <span className={styles.grow}>
                      <span className={styles.memberName}>
                        <span className={styles.nameText}>{team.name}</span>
                        {team.isMine && <span className={`${styles.chip} ${styles.chipBrand}`}>{m.me}</span>}
                      </span>
                      <span className={styles.meta}>{m.teamPeople(team.memberCount)}</span>
                    </span>
                    <RankScore main={m.teamRate(percent)} label={m.teamRateLabel(percent)} />
                    <RankExtras rankChange={team.rankChange} medal={team.medal} />
                  </div>
                );
              }}
            />
          </>
        )
      }
    </QueryState>
  );
}

// ─── Member list ────────────────────────────────────────────────────────────

/** Spec §6 lets visitors open member pages; what they show is for members, so visitors log in first. */
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

const memberTabs = ['families', 'people'] as const;

function MembersPage({ type }: { type: TeamType }) {
  const { teamId = '' } = useParams();
  const loggedIn = useLoggedIn();
  const [tab, setTab] = useTabParam(memberTabs);
  // The families answer names the team, which gives the way back to its page.
  const families = useQuery({ ...teamFamiliesQueryOptions(teamId, type), enabled: loggedIn });
  const back = families.data ? teamDetailPath(families.data.team) : MY_TEAMS;
  return (
    <Page
      title={type === 'always' ? messages.pages.teamMembersAlways : messages.pages.teamMembersChallenge}
      backTo={loggedIn ? back : undefined}
    >
      <MembersOnly>
        <Tabs
          values={memberTabs}
          value={tab}
          onValueChange={setTab}
          labels={m.membersTabs}
          label={m.membersTabsLabel}
          {...tabStyles}
        >
          {tab === 'families' ? (
            <QueryState query={families} loading={<RowsSkeleton rows={6} />}>
              {({ team, families: list }) =>
                list.length === 0 ? (
                  <EmptyState icon={Users} message={m.familiesEmpty} />
                ) : (
                  <>
                    <p className={styles.note}>{m.membersCount(team.memberCount)}</p>
                    <FamilyGroupList
                      families={list}
                      headingLevel={2}
                      memberLink={(member) => memberDetailPath(team, member.teamMbrId)}
                    />
                  </>
                )
              }
            </QueryState>
          ) : (
            <PeopleList teamId={teamId} type={type} />
          )}
        </Tabs>
      </MembersOnly>
    </Page>
  );
}

function PeopleList({ teamId, type }: { teamId: string; type: TeamType }) {
  const members = useQuery(teamMembersQueryOptions(teamId, type));
  return (
    <QueryState query={members} loading={<RowsSkeleton rows={6} />}>
      {({ team, members: list }) =>
        list.length === 0 ? (
          <EmptyState icon={Users} message={m.familiesEmpty} />
        ) : (
          <>
            <p className={styles.note}>{m.membersCount(team.memberCount)}</p>
            <ul className={styles.list}>
              {list.map((member) => (
                <li key={member.teamMbrId}>
                  <MemberRow member={member} to={memberDetailPath(team, member.teamMbrId)} />
                </li>
              ))}
            </ul>
          </>
        )
      }
    </QueryState>
  );
}

// ─── Member detail ──────────────────────────────────────────────────────────

export function TeamMemberDetailAlwaysPage() {
  return <MemberDetailPage type="always" />;
}

export function TeamMemberDetailChallengePage() {
  return <MemberDetailPage type="challenge" />;
}

/** One member and their certifications in this round, newest day first. */
function MemberDetailPage({ type }: { type: TeamType }) {
  const { teamId = '', teamMbrId = '' } = useParams();
  const loggedIn = useLoggedIn();
  return (
    <Page
      title={
        type === 'always' ? messages.pages.teamMemberDetailAlways : messages.pages.teamMemberDetailChallenge
      }
      backTo={loggedIn ? teamMembersPath({ teamId, challengeType: type }) : undefined}
    >
      <MembersOnly>
        <MemberDetail teamId={teamId} teamMbrId={teamMbrId} type={type} />
      </MembersOnly>
    </Page>
  );
}

function MemberDetail({ teamId, teamMbrId, type }: { teamId: string; teamMbrId: string; type: TeamType }) {
  const detail = useQuery(memberDetailQueryOptions(teamId, teamMbrId, type));
  const myId = useSessionStore((state) => state.userInfo?.userId);
  return (
    <QueryState query={detail} loading={<TeamDetailSkeleton />}>
      {({ team, member, days }) => {
        const certifiedDays = days.filter((day) => day.certifications.length > 0);
        /** Another family's certifications may be reported (decision 045); one's own family's not. */
        const reportable = !member.isMe && member.familyId !== myId;
        return (
          <div className={styles.stack}>
            <section
              className={`${styles.card} ${member.isMe ? styles.rankRowMine : ''}`}
              aria-labelledby="member-name"
            >
              <div className={styles.headerTop}>
                <MemberAvatar member={member} />
                <div className={styles.grow}>
                  <h2 id="member-name" className={styles.teamName}>
                    {member.alias}
                    {member.isMe && <span className="visually-hidden"> ({m.me})</span>}
                  </h2>
                  <p className={styles.meta}>
                    {team.emoji} {team.name} · {roleText(member)}
                  </p>
                </div>
                {team.roundState === 'ended' ? <FinalChip member={member} /> : <TodayChip member={member} />}
              </div>
              <p className={styles.description}>
                {(type === 'always' ? m.memberSummaryAlways : m.memberSummary)(
                  member.rank,
                  member.certifications,
                )}
              </p>
            </section>
            {certifiedDays.length === 0 ? (
              <EmptyState
                icon={CalendarX2}
                message={type === 'always' ? m.memberHistoryEmptyAlways : m.memberHistoryEmpty}
              />
            ) : (
              certifiedDays.map((day) => (
                <section key={day.date} className={styles.dayGroup} aria-labelledby={`day-${day.date}`}>
                  <h2 id={`day-${day.date}`} className={styles.dayHeading}>
                    {formatShortDay(day.date) ?? day.date}
                    <span className={styles.meta}>{m.dayCertifications(day.certifications.length)}</span>
                  </h2>
                  {day.certifications.map((certification) => (
                    <CertificationView key={certification.certificationId} certification={certification}>
                      {reportable && (
                        <ReportButton
                          certificationId={certification.certificationId}
                          missionTitle={certification.missionTitle}
                        />
                      )}
                    </CertificationView>
                  ))}
                </section>
              ))
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
