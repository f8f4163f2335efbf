import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX } from '@hamkke/contract/team/team-limits';
import { Radio } from '@base-ui/react/radio';
import { RadioGroup } from '@base-ui/react/radio-group';
import { Switch } from '@base-ui/react/switch';
import {
  teamDescriptionSchema,
  teamEmojiSchema,
  teamNameSchema,
  type FamilyGroup,
  type Invitation,
  type TeamSummary,
} from '@hamkke/contract/team/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState, type ReactNode } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from '@/shared/routing/location.ts';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { invalidateTeamQueries, type TeamType } from '@/shared/api/teams.ts';
import { formatSeoulDate } from '@/shared/format/date.ts';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { deleteTeam, removeTeamMember, updateTeam } from '../api/team-changes.ts';
import { forgetTeam } from '../api/team-queries.ts';
import { EmojiPicker } from './emoji-picker.tsx';
import { FamilyGroupList } from './family-group-list.tsx';
import { MemberAvatar, MemberName } from './member-row.tsx';
import styles from './team-detail.module.css';
import { messages } from '@/shared/messages.ts';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';

const m = teamDetailMessages;

/** The name, description and emoji a manager edits: the contract's rules for each. */
const editTeamSchema = z.object({
  name: teamNameSchema,
  description: teamDescriptionSchema,
  emoji: teamEmojiSchema,
});

type TeamChanges = {
  name?: string;
  description?: string;
  emoji?: string;
  recruitingOpen?: boolean;
  allowMemberInvite?: boolean;
  newManagerTeamMbrId?: string;
};

/** One update call of the management page; every answer refreshes what shows the team. */
function useTeamUpdate(team: TeamSummary, type: TeamType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TeamChanges) => updateTeam(type, team.teamId, changes),
    onSuccess: () => invalidateTeamQueries(queryClient),
  });
}

/** Name, description and emoji; only what changed is sent. */
export function EditTeamSection({
  team,
  type,
  disabled,
}: {
  team: TeamSummary;
  type: TeamType;
  disabled: boolean;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof editTeamSchema>,
    unknown,
    z.output<typeof editTeamSchema>
  >({
    resolver: standardSchemaResolver(editTeamSchema),
    defaultValues: { name: team.name, description: team.description, emoji: team.emoji },
  });
  const emoji = useController({ control, name: 'emoji' }).field;
  const update = useTeamUpdate(team, type);

  // The contract's schema has trimmed the name and the description; only what changed is sent.
  const submit = handleSubmit((fields) => {
    const changes: TeamChanges = {};
    if (fields.name !== team.name) changes.name = fields.name;
    if (fields.description !== team.description) changes.description = fields.description;
    if (fields.emoji !== team.emoji) changes.emoji = fields.emoji;
    if (Object.keys(changes).length === 0) {
      showToast(m.nothingChanged);
      return;
    }
    update.mutate(changes, {
      onSuccess: () => showToast(m.saved),
      onError: (error) => {
        const code = apiErrorCode(error);
        // A taken or forbidden name belongs next to the name; anything else under the form.
        if (code === 'TEAM_NAME_TAKEN' || (code === 'FORBIDDEN_WORD' && changes.name !== undefined))
          setError('name', { type: 'server', message: errorMessageFor(error) });
        else setFormError(errorMessageFor(error));
      },
    });
  });

  return (
    <section className={styles.card} aria-labelledby="manage-edit">
      <h2 id="manage-edit" className={styles.sectionTitleSmall}>
        {m.editTitle}
      </h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          setFormError(null);
          void submit(event);
        }}
        noValidate
      >
        <BoundTextField
          control={control}
          name="name"
          label={m.name}
          hint={m.nameHint(TEAM_NAME_MAX)}
          error={fieldText(formState.errors.name, m.nameRequired)}
          maxLength={TEAM_NAME_MAX}
          disabled={disabled}
          autoComplete="off"
          required
        />
        <BoundTextField
          control={control}
          name="description"
          label={m.description}
          error={formState.errors.description ? messages.errors.codes.VALIDATION_FAILED : undefined}
          hint={m.descriptionHint(TEAM_DESCRIPTION_MAX)}
          maxLength={TEAM_DESCRIPTION_MAX}
          disabled={disabled}
          autoComplete="off"
        />
        <EmojiPicker value={emoji.value} onChange={emoji.onChange} disabled={disabled} />
        {formError !== null && (
          <p className={styles.note} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" variant="primary" block busy={update.isPending} disabled={disabled}>
          {m.save}
        </Button>
      </form>
    </section>
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
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={styles.switchRow}>
      <div className={styles.grow}>
        <p id={labelId} className={styles.switchLabel}>
          {label}
        </p>
        <p id={hintId} className={styles.note}>
          {hint}
        </p>
      </div>
      <Switch.Root
        checked={checked}
        onCheckedChange={(value) => onChange(value)}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className={styles.switch}
      >
        <Switch.Thumb className={styles.switchThumb} />
      </Switch.Root>
    </div>
  );
}

/**
 * Recruiting open or closed, and whether members may invite. A challenge team recruits only while
 * its round does, so outside that period the switch shows closed and cannot be turned on.
 */
export function SettingsSection({
  team,
  type,
  disabled,
}: {
  team: TeamSummary;
  type: TeamType;
  disabled: boolean;
}) {
  const update = useTeamUpdate(team, type);
  const roundRecruits = type === 'always' || team.roundState === 'recruiting';
  const recruitingOpen = type === 'always' ? !team.isCompleted : team.isPending;
  const change = (changes: TeamChanges, done: string) =>
    update.mutate(changes, {
      onSuccess: () => showToast(done),
      onError: (error) => showToast(errorMessageFor(error)),
    });
  return (
    <section className={styles.card} aria-labelledby="manage-settings">
      <h2 id="manage-settings" className={styles.sectionTitleSmall}>
        {m.settingsTitle}
      </h2>
      <SwitchRow
        label={m.recruiting}
        hint={!roundRecruits ? m.recruitingRoundClosed : recruitingOpen ? m.recruitingOn : m.recruitingOff}
        checked={recruitingOpen}
        onChange={(value) =>
          change({ recruitingOpen: value }, value ? m.recruitingOpened : m.recruitingClosed)
        }
        disabled={disabled || !roundRecruits || update.isPending}
      />
      <SwitchRow
        label={m.allowMemberInvite}
        hint={m.allowMemberInviteHint}
        checked={team.allowMemberInvite}
        onChange={(value) =>
          change({ allowMemberInvite: value }, value ? m.allowMemberInviteOn : m.allowMemberInviteOff)
        }
        disabled={disabled || update.isPending}
      />
    </section>
  );
}

/** The parent whose family this is (a family is a parent and the children they brought). */
function parentOf(family: FamilyGroup) {
  return family.members.find((member) => member.userId === family.familyId);
}

/** Families, each but the manager's with "내보내기" (the parent goes, and their children with them). */
export function FamiliesSection({
  team,
  families,
  type,
  disabled,
}: {
  team: TeamSummary;
  families: readonly FamilyGroup[];
  type: TeamType;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (family: FamilyGroup) =>
      removeTeamMember(type, team.teamId, parentOf(family)?.teamMbrId ?? ''),
    onSuccess: async (_, family) => {
      showToast(m.removed(family.parentAlias));
      await invalidateTeamQueries(queryClient);
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  const familyAction = (family: FamilyGroup): ReactNode => {
    const parent = parentOf(family);
    if (!parent || parent.role === 'MANAGER') return null;
    return (
      <ConfirmDialog
        triggerLabel={m.remove}
        triggerAriaLabel={m.removeFamilyLabel(family.parentAlias)}
        triggerLook={{ variant: 'dangerSoft' }}
        title={m.removeTitle(family.parentAlias)}
        description={m.removeDescription}
        cancelLabel={m.cancel}
        confirmLabel={m.remove}
        danger
        disabled={disabled || remove.isPending}
        onConfirm={() => remove.mutate(family)}
      />
    );
  };
  return (
    <section className={styles.section} aria-labelledby="manage-families">
      <div>
        <h2 id="manage-families" className={styles.sectionTitle}>
          {m.membersTitle}
        </h2>
        <p className={styles.note}>{m.membersHint}</p>
      </div>
      <FamilyGroupList families={families} familyAction={familyAction} memberTrailing={() => <></>} />
    </section>
  );
}

/** Hand the manager role to another parent: a sheet of choices, then a confirmation. */
export function HandOverSection({
  team,
  families,
  type,
  disabled,
  onHandedOver,
}: {
  team: TeamSummary;
  families: readonly FamilyGroup[];
  type: TeamType;
  disabled: boolean;
  onHandedOver: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const update = useTeamUpdate(team, type);
  const parents = families
    .flatMap((family) => family.members)
    .filter((member) => member.userType === 'PARENT' && member.role !== 'MANAGER');
  const chosen = parents.find((member) => member.teamMbrId === choice);

  return (
    <section className={styles.card} aria-labelledby="manage-hand-over">
      <h2 id="manage-hand-over" className={styles.sectionTitleSmall}>
        {m.handOverTitle}
      </h2>
      <p className={styles.note}>{parents.length === 0 ? m.noOtherParent : m.handOverHint}</p>
      <Button
        variant="neutral"
        block
        onClick={() => setOpen(true)}
        disabled={disabled || parents.length === 0}
      >
        {m.handOver}
      </Button>
      <BottomSheet
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setChoice(null);
        }}
        title={m.handOverSheetTitle}
        description={m.handOverSheetDescription}
        footer={
          <ConfirmDialog
            triggerLabel={m.handOverNext}
            triggerLook={{ variant: 'primary', block: true }}
            title={m.handOverConfirmTitle(chosen?.alias ?? '')}
            description={m.handOverConfirmDescription}
            cancelLabel={m.cancel}
            confirmLabel={m.handOverNext}
            disabled={chosen === undefined || update.isPending}
            onConfirm={() => {
              if (!chosen) return;
              update.mutate(
                { newManagerTeamMbrId: chosen.teamMbrId },
                {
                  onSuccess: () => {
                    setOpen(false);
                    showToast(m.handedOver(chosen.alias));
                    onHandedOver();
                  },
                  onError: (error) => showToast(errorMessageFor(error)),
                },
              );
            }}
          />
        }
      >
        <RadioGroup
          value={choice ?? ''}
          onValueChange={(value) => setChoice(String(value))}
          className={styles.choices}
          aria-label={m.handOverSheetTitle}
        >
          {parents.map((member) => (
            <label key={member.teamMbrId} className={styles.choice}>
              <MemberAvatar member={member} />
              <span className={styles.grow}>
                <MemberName member={member} />
              </span>
              <Radio.Root value={member.teamMbrId} className={styles.radioDot}>
                <Radio.Indicator className={styles.radioIndicator} />
              </Radio.Root>
            </label>
          ))}
        </RadioGroup>
      </BottomSheet>
    </section>
  );
}

/** Direct invitations still waiting for an answer (each holds a seat). */
export function InvitationsSection({ invitations }: { invitations: readonly Invitation[] }) {
  const pending = invitations.filter((invitation) => invitation.status === 'PENDING');
  return (
    <section className={styles.section} aria-labelledby="manage-invitations">
      <h2 id="manage-invitations" className={styles.sectionTitle}>
        {m.invitationsTitle}
      </h2>
      {pending.length === 0 ? (
        <p className={styles.note}>{m.invitationsEmpty}</p>
      ) : (
        <ul className={styles.list}>
          {pending.map((invitation) => (
            <li key={invitation.invitationId} className={styles.missionRow}>
              <MemberAvatar member={{ alias: invitation.inviteeAlias, userType: 'PARENT', isMe: false }} />
              <span className={styles.grow}>
                <span className={styles.missionTitle}>{invitation.inviteeAlias}</span>
                <span className={styles.meta}>
                  {' '}
                  · {m.invitationUntil(formatSeoulDate(invitation.expiresAt))}
                </span>
              </span>
              <span className={styles.chip}>{m.invitationPending}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Deleting the team: challenge teams until their round starts, always teams any time. */
export function DeleteTeamSection({
  team,
  type,
  canDelete,
}: {
  team: TeamSummary;
  type: TeamType;
  canDelete: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteTeam(type, team.teamId),
    onSuccess: async () => {
      showToast(m.deleted(team.name));
      void navigate('/team?tab=in_progress', { replace: true });
      await forgetTeam(queryClient, team.teamId);
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  return (
    <section className={styles.dangerZone} aria-labelledby="manage-delete">
      <h2 id="manage-delete" className={styles.sectionTitleSmall}>
        {m.dangerTitle}
      </h2>
      {!canDelete && <p className={styles.note}>{m.cannotDelete}</p>}
      <ConfirmDialog
        triggerLabel={m.deleteTeam}
        triggerLook={{ variant: 'dangerSoft', block: true }}
        title={m.deleteTitle}
        description={m.deleteDescription}
        cancelLabel={m.cancel}
        confirmLabel={m.deleteConfirm}
        danger
        disabled={!canDelete || remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}
