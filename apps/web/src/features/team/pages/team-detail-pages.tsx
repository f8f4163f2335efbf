import {
  deleteAlwaysTeamMemberEndpoint,
  deleteChallengeTeamMemberEndpoint,
} from '@hamkke/contract/team/team-manage';
import type { TeamDetail } from '@hamkke/contract/team/team-read';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { callApi } from '@/shared/api/client.ts';
import { invalidateTeamQueries, type TeamType } from '@/shared/api/teams.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { shareLink, urlOnOrigin } from '@/shared/lib/share.ts';
import { teamInvitePath } from '@/shared/lib/team-invite.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { Button, ButtonLink } from '@/shared/ui/button.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { teamDatesQueryOptions, teamDetailQueryOptions } from '../api/team-queries.ts';
import { FamilyList, ProgressBar, TeamHeading } from '../components/team-parts.tsx';
import styles from '../components/team.module.css';
import { invitedPath, teamManagementPath, teamMembersPath, teamRankingPath } from '../team-paths.ts';

const m = messages.team;

export function ChallengeTeamDetailPage() {
  return <TeamDetailPage type="challenge" />;
}

export function AlwaysTeamDetailPage() {
  return <TeamDetailPage type="always" />;
}

/** A team's page: the round, progress, missions, families with today's state, and what to do. */
function TeamDetailPage({ type }: { type: TeamType }) {
  const { teamId = '' } = useParams();
  const detail = useQuery(teamDetailQueryOptions(teamId, type));
  const title = type === 'always' ? messages.pages.teamAlwaysDetail : messages.pages.teamChallengeDetail;
  return (
    <Page title={detail.data?.team.name ?? title} documentTitle={title} backTo="/team?tab=in_progress">
      <QueryState query={detail} loading={<Skeleton heading lines={8} label={messages.common.loading} />}>
        {(data) => <TeamDetailView detail={data} type={type} />}
      </QueryState>
    </Page>
  );
}

function TeamDetailView({ detail, type }: { detail: TeamDetail; type: TeamType }) {
  const { team } = detail;
  const readOnly = team.roundState === 'ended';
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-label={team.name}>
        <TeamHeading team={team} />
        {team.description && <p className={styles.body}>{team.description}</p>}
        <div className={styles.badges}>
          <span className={`${styles.badge} ${styles.badgeBrand}`}>
            {messages.challenge.typeLabel[team.challengeType]}
          </span>
          <span className={styles.badge}>{m.role[detail.me.role]}</span>
          <span className={styles.badge}>{m.members(team.memberCount, team.maxUser)}</span>
        </div>
        <ProgressBar label={m.progressToday} {...detail.progress.today} />
        <ProgressBar label={m.progressRound} {...detail.progress.round} />
      </section>
      {readOnly && <NoticeMessage tone="info">{m.readOnly}</NoticeMessage>}
      <TeamActions detail={detail} type={type} />
      <section className={styles.section} aria-labelledby="team-missions">
        <h2 id="team-missions" className={styles.sectionTitle}>
          {m.missions}
        </h2>
        <ul className={styles.list}>
          {detail.missions.map((mission) => (
            <li key={mission.missionId} className={styles.row}>
              <span aria-hidden="true">{mission.icon}</span>
              <span className={styles.grow}>{mission.title}</span>
            </li>
          ))}
        </ul>
      </section>
      <TeamDays teamId={team.teamId} type={type} />
      <section className={styles.section} aria-labelledby="team-families">
        <h2 id="team-families" className={styles.sectionTitle}>
          {m.families}
        </h2>
        <FamilyList families={detail.families} />
      </section>
      <LeaveTeam detail={detail} type={type} />
    </div>
  );
}

function TeamActions({ detail, type }: { detail: TeamDetail; type: TeamType }) {
  const { team } = detail;
  const alias = useSessionStore((state) => state.userInfo?.alias ?? '');
  const invite = useMutation({
    mutationFn: () =>
      shareLink({
        url: urlOnOrigin(window.location.origin, teamInvitePath(team.teamId, team.subChallengeId, type)),
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
    <nav className={styles.actions} aria-label={m.actions}>
      {detail.canInvite && (
        <Button variant="primary" onClick={() => invite.mutate()} busy={invite.isPending}>
          {m.invite}
        </Button>
      )}
      {detail.canManage && (
        <ButtonLink to={teamManagementPath(team)} variant="secondary">
          {m.manage}
        </ButtonLink>
      )}
      <ButtonLink to={teamMembersPath(team)} variant="neutral">
        {m.viewMembers}
      </ButtonLink>
      <ButtonLink to={teamRankingPath(team)} variant="neutral">
        {m.viewRanking}
      </ButtonLink>
      <ButtonLink to={invitedPath(team.teamId)} variant="neutral">
        {m.viewInvited}
      </ButtonLink>
    </nav>
  );
}

/** The round's days with the team's certifications, newest first. */
function TeamDays({ teamId, type }: { teamId: string; type: TeamType }) {
  const dates = useQuery(teamDatesQueryOptions(teamId, type));
  // Before the round starts there are no days yet: the section waits for them.
  if (dates.data?.days.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="team-days">
      <h2 id="team-days" className={styles.sectionTitle}>
        {m.days}
      </h2>
      <QueryState query={dates} loading={<Skeleton lines={1} label={messages.common.loading} />}>
        {({ days }) => (
          <ul className={styles.days}>
            {days.slice(0, 30).map((day) => (
              <li
                key={day.date}
                className={styles.day}
                aria-label={m.dayCell(formatShortDay(day.date) ?? day.date, day.certified, day.possible)}
              >
                <span aria-hidden="true">
                  {(formatShortDay(day.date) ?? day.date).replace(/\s\(.+\)$/, '')}
                </span>
                <strong aria-hidden="true">
                  {day.certified}/{day.possible}
                </strong>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function LeaveTeam({ detail, type }: { detail: TeamDetail; type: TeamType }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: () =>
      callApi(type === 'always' ? deleteAlwaysTeamMemberEndpoint : deleteChallengeTeamMemberEndpoint, {
        teamId: detail.team.teamId,
        teamMbrId: detail.me.teamMbrId,
      }),
    onSuccess: async () => {
      showToast(m.left);
      await invalidateTeamQueries(queryClient);
      void navigate('/team?tab=in_progress', { replace: true });
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  if (detail.team.roundState === 'ended') return null;
  return (
    <ConfirmDialog
      triggerLabel={m.leave}
      triggerLook={{ variant: 'dangerSoft', block: true }}
      title={m.leaveTitle}
      description={m.leaveDescription}
      cancelLabel={m.cancel}
      confirmLabel={m.leaveConfirm}
      danger
      disabled={leave.isPending}
      onConfirm={() => leave.mutate()}
    />
  );
}
