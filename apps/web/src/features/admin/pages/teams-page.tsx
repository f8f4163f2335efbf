import {
  adminTeamDetailEndpoint,
  adminTeamListEndpoint,
  adminTeamRemoveMemberEndpoint,
  adminTeamSetRecruitingEndpoint,
  type AdminTeam,
  type AdminTeamMember,
} from '@hamkke/contract/admin/teams';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { adminTeamMessages as tm } from '@/shared/messages/admin-teams.ts';
import { groupThousands } from '@/shared/format/count.ts';
import { formatSeoulDate } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton } from './parts.tsx';
import { ListPanel, TableFrame } from '../shell/list-panel.tsx';
import { StatusLine } from '../shell/screen.tsx';

const PAGE = 30;

/** The reason a change of a team is made for (a complaint): the contract's rule, 2–200 characters. */
const reasonSchema = adminTeamSetRecruitingEndpoint.request.pick({ reason: true });

function useReasonForm() {
  return useForm<z.input<typeof reasonSchema>, unknown, z.output<typeof reasonSchema>>({
    resolver: standardSchemaResolver(reasonSchema),
    defaultValues: { reason: '' },
  });
}

/** What went wrong with a team change, in Korean. */
function failure(error: unknown): string {
  return (error instanceof ApiError && tm.errors[error.code]) || m.failed;
}

/** Teams (support): find by round and name, look inside, close recruiting or take a member out on a complaint. */
export function TeamsPage() {
  const [round, setRound] = useState('');
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [openTeam, setOpenTeam] = useState<string | null>(null);
  const list = useQuery(
    consoleQuery(adminTeamListEndpoint, {
      offset,
      limit: PAGE,
      ...(/^[1-9]\d{0,8}$/.test(round) ? { subChallengeId: round } : {}),
      ...(query.trim() ? { query: query.trim() } : {}),
    }),
  );

  return (
    <section aria-labelledby="teams-heading">
      <div className={styles.toolbar}>
        <h1 id="teams-heading" className={styles.heading}>
          {tm.heading}
        </h1>
      </div>
      <div className={`${styles.card} ${styles.filters}`} role="search" aria-label={tm.filters}>
        <TextField
          label={tm.round}
          value={round}
          inputMode="numeric"
          onValueChange={(value) => {
            setRound(value.replace(/\D/g, ''));
            setOffset(0);
          }}
        />
        <TextField
          label={tm.query}
          value={query}
          maxLength={30}
          onValueChange={(value) => {
            setQuery(value);
            setOffset(0);
          }}
        />
      </div>
      <ListPanel
        query={list}
        empty={tm.empty}
        paging={{ offset, size: PAGE, onOffset: setOffset }}
        scroll
        headers={[
          tm.columns.team,
          tm.columns.round,
          tm.columns.manager,
          tm.columns.members,
          tm.columns.state,
          tm.columns.certs,
          tm.columns.actions,
        ]}
        row={(team) => (
          <TeamRow
            key={team.teamId}
            team={team}
            open={openTeam === team.teamId}
            onToggle={() => setOpenTeam(openTeam === team.teamId ? null : team.teamId)}
          />
        )}
      />
      {openTeam && <TeamDetail key={openTeam} teamId={openTeam} />}
    </section>
  );
}

function TeamRow(props: { team: AdminTeam; open: boolean; onToggle: () => void }) {
  const { team } = props;
  return (
    <tr>
      <th scope="row">
        <span aria-hidden="true">{team.emoji}</span> {team.name}
      </th>
      <td>
        {team.roundTitle} <span className={styles.muted}>#{team.subChallengeId}</span>
        <br />
        <span className={styles.muted}>{tm.types[team.roundType]}</span>
      </td>
      <td>{team.managerAlias}</td>
      <td>{tm.members(team.memberCount, team.maxUser, team.reservedSeats)}</td>
      <td>
        <TeamStateBadge state={team.state} />
      </td>
      <td>{groupThousands(team.certCount)}</td>
      <td>
        <AdminButton variant="secondary" aria-expanded={props.open} onClick={props.onToggle}>
          {props.open ? tm.close : tm.open}
          <span className="visually-hidden"> {team.name}</span>
        </AdminButton>
      </td>
    </tr>
  );
}

/** 모집 중 / 모집 마감 / 시작 전 / 진행 중 / 종료: the team's state today. */
function TeamStateBadge({ state }: { state: AdminTeam['state'] }) {
  const look = state === 'running' ? styles.running : state === 'recruiting' ? '' : styles.draft;
  return <span className={`${styles.badge} ${look}`}>{tm.states[state]}</span>;
}

function TeamDetail(props: { teamId: string }) {
  const detail = useQuery(consoleQuery(adminTeamDetailEndpoint, { teamId: props.teamId }));
  const [result, setResult] = useState<string | null>(null);
  if (detail.isPending) return <p role="status">{m.loading}</p>;
  if (detail.isError) return <p role="alert">{failure(detail.error)}</p>;
  const { team, members } = detail.data;
  return (
    <section className={styles.card} aria-labelledby="team-detail-heading">
      <h2 id="team-detail-heading" className={styles.subheading}>
        <span aria-hidden="true">{team.emoji}</span> {tm.detailHeading(team.name)}
      </h2>
      <p className={styles.muted}>
        {tm.description}: {team.description || tm.noDescription}
      </p>
      <StatusLine text={result} />
      <p>
        {tm.stateHeading}: <TeamStateBadge state={team.state} />
      </p>
      <p>
        {tm.recruitingHeading}:{' '}
        <span className={`${styles.badge} ${team.recruitingOpen ? '' : styles.draft}`}>
          {team.recruitingOpen ? tm.recruitingOpen : tm.recruitingClosed}
        </span>
      </p>
      <RecruitingForm team={team} onDone={(open) => setResult(tm.recruitingChanged(open))} />
      <h3 className={styles.subheading}>{tm.membersHeading}</h3>
      <TableFrame
        scroll
        headers={[
          tm.memberColumns.person,
          tm.memberColumns.type,
          tm.memberColumns.role,
          tm.memberColumns.joined,
          tm.memberColumns.certs,
          tm.memberColumns.actions,
        ]}
      >
        {members.map((member) => (
          <MemberRow
            key={member.teamMbrId}
            teamId={team.teamId}
            member={member}
            onRemoved={(count) => setResult(tm.removed(count))}
          />
        ))}
      </TableFrame>
    </section>
  );
}

function RecruitingForm(props: { team: AdminTeam; onDone: (open: boolean) => void }) {
  const form = useReasonForm();
  const reason = form.watch('reason');
  const open = !props.team.recruitingOpen;
  const save = useConsoleMutation(adminTeamSetRecruitingEndpoint, {
    onSuccess: (_, request) => {
      form.reset();
      props.onDone(request.open);
    },
  });
  return (
    <form
      className={styles.inlineForm}
      aria-label={tm.recruitingHeading}
      onSubmit={(event) =>
        void form.handleSubmit((fields) => save.mutate({ teamId: props.team.teamId, open, ...fields }))(event)
      }
    >
      <BoundTextField
        control={form.control}
        name="reason"
        label={tm.reason}
        hint={tm.reasonHint}
        maxLength={200}
        error={form.formState.errors.reason ? m.failed : null}
      />
      <AdminButton
        type="submit"
        variant={open ? 'secondary' : 'danger'}
        disabled={reason.trim().length < 2 || save.isPending}
      >
        {open ? tm.openRecruiting : tm.closeRecruiting}
      </AdminButton>
      {save.error !== null && (
        <p className={styles.error} role="alert">
          {failure(save.error)}
        </p>
      )}
    </form>
  );
}

function MemberRow(props: { teamId: string; member: AdminTeamMember; onRemoved: (count: number) => void }) {
  const { member } = props;
  const [confirming, setConfirming] = useState(false);
  const form = useReasonForm();
  const reason = form.watch('reason');
  const remove = useConsoleMutation(adminTeamRemoveMemberEndpoint, {
    onSuccess: (answer) => props.onRemoved(answer.removed),
  });
  return (
    <tr>
      <th scope="row">
        {member.name} <span className={styles.muted}>({member.alias})</span>
      </th>
      <td className={styles.nowrap}>{tm.userTypes[member.userType]}</td>
      <td className={styles.nowrap}>{tm.roles[member.role]}</td>
      <td className={styles.nowrap}>{formatSeoulDate(member.joinedAt)}</td>
      <td className={styles.nowrap}>{member.certCount}</td>
      <td>
        {!confirming ? (
          <AdminButton variant="danger" onClick={() => setConfirming(true)}>
            {tm.remove}
            <span className="visually-hidden"> {member.alias}</span>
          </AdminButton>
        ) : (
          <form
            className={styles.actions}
            onSubmit={(event) =>
              void form.handleSubmit((fields) =>
                remove.mutate({ teamId: props.teamId, teamMbrId: member.teamMbrId, ...fields }),
              )(event)
            }
          >
            <p className={styles.muted}>{tm.removeHint(member.alias, member.userType === 'PARENT')}</p>
            <BoundTextField
              control={form.control}
              name="reason"
              label={tm.reason}
              maxLength={200}
              error={form.formState.errors.reason ? m.failed : null}
            />
            <AdminButton
              type="submit"
              variant="danger"
              disabled={reason.trim().length < 2 || remove.isPending}
            >
              {tm.confirmRemove}
            </AdminButton>
            <AdminButton variant="secondary" onClick={() => setConfirming(false)}>
              {tm.cancel}
            </AdminButton>
            {remove.error !== null && (
              <p className={styles.error} role="alert">
                {failure(remove.error)}
              </p>
            )}
          </form>
        )}
      </td>
    </tr>
  );
}
