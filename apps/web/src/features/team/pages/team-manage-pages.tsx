import { Switch } from '@base-ui/react/switch';
import {
  deleteAlwaysTeamEndpoint,
  deleteAlwaysTeamMemberEndpoint,
  deleteChallengeTeamEndpoint,
  deleteChallengeTeamMemberEndpoint,
  updateAlwaysTeamManagementEndpoint,
  updateChallengeTeamManagementEndpoint,
} from '@hamkke/contract/team/team-manage';
import {
  TEAM_DESCRIPTION_MAX,
  TEAM_NAME_MAX,
  type FamilyGroup,
  type TeamSummary,
} from '@hamkke/contract/team/team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessageFor } from '@/shared/api/api-error.ts';
import { callApi } from '@/shared/api/client.ts';
import { invalidateTeamQueries, type TeamType } from '@/shared/api/teams.ts';
import { messages } from '@/shared/messages.ts';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { managementQueryOptions } from '../api/team-queries.ts';
import { EmojiPicker } from '../components/emoji-picker.tsx';
import styles from '../components/team.module.css';
import { teamDetailPath } from '../team-paths.ts';

const m = messages.team;

export function ChallengeTeamManagementPage() {
  return <ManagementPage type="challenge" />;
}
export function AlwaysTeamManagementPage() {
  return <ManagementPage type="always" />;
}

/** The manager's screen: edit, recruiting, members, hand-over, invitations, delete. */
function ManagementPage({ type }: { type: TeamType }) {
  const { teamId = '', challengeId = '', subChallengeId = '' } = useParams();
  const management = useQuery(managementQueryOptions(teamId, type));
  const back = teamDetailPath({ teamId, challengeType: type, challengeId, subChallengeId });
  const title =
    type === 'always' ? messages.pages.teamAlwaysManagement : messages.pages.teamChallengeManagement;
  if (management.error instanceof ApiError && management.error.status === 403) {
    return (
      <Page title={title} backTo={back}>
        <EmptyState
          icon={ShieldAlert}
          message={m.managerOnly}
          action={{ label: messages.pages.team, to: back }}
        />
      </Page>
    );
  }
  return (
    <Page title={title} backTo={back}>
      <QueryState query={management}>
        {(data) => (
          <div className={styles.stack}>
            {data.readOnly && <NoticeMessage tone="info">{m.readOnly}</NoticeMessage>}
            <EditTeam
              key={`${data.team.name}|${data.team.description}|${data.team.emoji}`}
              team={data.team}
              type={type}
              disabled={data.readOnly}
            />
            <TeamSwitches team={data.team} type={type} disabled={data.readOnly} />
            <ManageMembers team={data.team} families={data.families} type={type} disabled={data.readOnly} />
            {data.invitations.length > 0 && (
              <section className={styles.section} aria-labelledby="pending-invitations">
                <h2 id="pending-invitations" className={styles.sectionTitle}>
                  {m.pendingInvitations}
                </h2>
                <ul className={styles.list}>
                  {data.invitations.map((invitation) => (
                    <li key={invitation.invitationId} className={styles.row}>
                      <span className={styles.grow}>{invitation.inviteeAlias}</span>
                      <span className={styles.badge}>{m.invitationStatus[invitation.status]}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <DeleteTeam team={data.team} type={type} canDelete={data.canDelete} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}

function useTeamUpdate(team: TeamSummary, type: TeamType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: {
      name?: string;
      description?: string;
      emoji?: string;
      recruitingOpen?: boolean;
      allowMemberInvite?: boolean;
      newManagerTeamMbrId?: string;
    }) =>
      callApi(
        type === 'always' ? updateAlwaysTeamManagementEndpoint : updateChallengeTeamManagementEndpoint,
        {
          teamId: team.teamId,
          ...changes,
        },
      ),
    onSuccess: () => invalidateTeamQueries(queryClient),
  });
}

function EditTeam({ team, type, disabled }: { team: TeamSummary; type: TeamType; disabled: boolean }) {
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description);
  const [emoji, setEmoji] = useState(team.emoji);
  const [error, setError] = useState<string | null>(null);
  const update = useTeamUpdate(team, type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(messages.errors.codes.VALIDATION_FAILED);
    update.mutate(
      { name: name.trim(), description: description.trim(), emoji },
      {
        onSuccess: () => showToast(m.saved),
        onError: (cause) => setError(errorMessageFor(cause)),
      },
    );
  };
  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby="edit-team" noValidate>
      <h2 id="edit-team" className={styles.sectionTitle}>
        {m.editTitle}
      </h2>
      <TextField
        label={m.name}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
        hint={m.nameHint(TEAM_NAME_MAX)}
        error={error}
        maxLength={TEAM_NAME_MAX}
        disabled={disabled}
        required
      />
      <TextField
        label={m.description}
        value={description}
        onValueChange={setDescription}
        hint={m.descriptionHint(TEAM_DESCRIPTION_MAX)}
        maxLength={TEAM_DESCRIPTION_MAX}
        disabled={disabled}
      />
      <EmojiPicker value={emoji} onChange={setEmoji} disabled={disabled} />
      <Button type="submit" variant="primary" block busy={update.isPending} disabled={disabled}>
        {m.save}
      </Button>
    </form>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.switchRow}>
      <div className={styles.grow}>
        <span id={id} className={styles.body}>
          {label}
        </span>
        {hint && <p className={styles.meta}>{hint}</p>}
      </div>
      <Switch.Root
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-labelledby={id}
        className={styles.switch}
      >
        <Switch.Thumb className={styles.switchThumb} />
      </Switch.Root>
    </div>
  );
}

function TeamSwitches({ team, type, disabled }: { team: TeamSummary; type: TeamType; disabled: boolean }) {
  const update = useTeamUpdate(team, type);
  const recruitingOpen = type === 'always' ? !team.isCompleted : team.isPending;
  const change = (changes: { recruitingOpen?: boolean; allowMemberInvite?: boolean }) =>
    update.mutate(changes, {
      onSuccess: () => showToast(m.saved),
      onError: (error) => showToast(errorMessageFor(error)),
    });
  return (
    <section className={styles.card} aria-label={m.recruiting}>
      <SwitchRow
        label={m.recruiting}
        hint={recruitingOpen ? m.recruitingOn : m.recruitingOff}
        checked={recruitingOpen}
        onChange={(value) => change({ recruitingOpen: value })}
        disabled={disabled || update.isPending}
      />
      <SwitchRow
        label={m.allowMemberInvite}
        checked={team.allowMemberInvite}
        onChange={(value) => change({ allowMemberInvite: value })}
        disabled={disabled || update.isPending}
      />
    </section>
  );
}

function ManageMembers({
  team,
  families,
  type,
  disabled,
}: {
  team: TeamSummary;
  families: FamilyGroup[];
  type: TeamType;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const [sheet, setSheet] = useState(false);
  const remove = useMutation({
    mutationFn: (teamMbrId: string) =>
      callApi(type === 'always' ? deleteAlwaysTeamMemberEndpoint : deleteChallengeTeamMemberEndpoint, {
        teamId: team.teamId,
        teamMbrId,
      }),
    onSuccess: async () => {
      showToast(m.removed);
      await invalidateTeamQueries(queryClient);
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  const update = useTeamUpdate(team, type);
  const members = families.flatMap((family) => family.members);
  const heirs = members.filter((member) => member.userType === 'PARENT' && member.role !== 'MANAGER');
  return (
    <section className={styles.section} aria-labelledby="manage-members">
      <h2 id="manage-members" className={styles.sectionTitle}>
        {m.membersTitle}
      </h2>
      <ul className={styles.list}>
        {members.map((member) => (
          <li key={member.teamMbrId} className={styles.row}>
            <div className={styles.grow}>
              <p className={styles.body}>{member.alias}</p>
              <p className={styles.meta}>
                {member.role === 'MANAGER'
                  ? m.role.MANAGER
                  : member.userType === 'CHILD'
                    ? m.child
                    : m.role.MEMBER}
              </p>
            </div>
            {member.role !== 'MANAGER' && member.userType === 'PARENT' && (
              <ConfirmDialog
                triggerLabel={m.remove}
                triggerLook={{ variant: 'dangerSoft' }}
                title={m.removeTitle(member.alias)}
                description={m.removeDescription}
                cancelLabel={m.cancel}
                confirmLabel={m.remove}
                danger
                disabled={disabled || remove.isPending}
                onConfirm={() => remove.mutate(member.teamMbrId)}
              />
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="neutral"
        block
        onClick={() => setSheet(true)}
        disabled={disabled || heirs.length === 0}
      >
        {m.handOver}
      </Button>
      {heirs.length === 0 && <p className={styles.meta}>{m.noOtherParent}</p>}
      <BottomSheet open={sheet} onOpenChange={setSheet} title={m.handOverTitle}>
        <ul className={styles.list}>
          {heirs.map((member) => (
            <li key={member.teamMbrId}>
              <Button
                variant="secondary"
                block
                busy={update.isPending}
                onClick={() =>
                  update.mutate(
                    { newManagerTeamMbrId: member.teamMbrId },
                    {
                      onSuccess: () => {
                        setSheet(false);
                        showToast(m.handedOver);
                      },
                      onError: (error) => showToast(errorMessageFor(error)),
                    },
                  )
                }
              >
                {m.handOverConfirm(member.alias)}
              </Button>
            </li>
          ))}
        </ul>
      </BottomSheet>
    </section>
  );
}

function DeleteTeam({ team, type, canDelete }: { team: TeamSummary; type: TeamType; canDelete: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      callApi(type === 'always' ? deleteAlwaysTeamEndpoint : deleteChallengeTeamEndpoint, {
        teamId: team.teamId,
      }),
    onSuccess: async () => {
      showToast(m.deleted);
      await invalidateTeamQueries(queryClient);
      void navigate('/team?tab=in_progress', { replace: true });
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  return (
    <section className={styles.section}>
      <ConfirmDialog
        triggerLabel={m.deleteTeam}
        triggerLook={{ variant: 'danger', block: true }}
        title={m.deleteTitle}
        description={m.deleteDescription}
        cancelLabel={m.cancel}
        confirmLabel={m.deleteConfirm}
        danger
        disabled={!canDelete || remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      {!canDelete && <p className={styles.meta}>{m.cannotDelete}</p>}
    </section>
  );
}
