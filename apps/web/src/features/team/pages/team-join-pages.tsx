import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX } from '@hamkke/contract/team/team-limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send, UserPlus, UsersRound } from 'lucide-react';
import { createTeamEndpoint } from '@hamkke/contract/team/team-join';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate, useParams, useSearchParams } from '@/shared/routing/location.ts';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { recordActivity } from '@/shared/api/activity-log.ts';
import {
  childrenForTeamQueryOptions,
  invalidateTeamQueries,
  roundsQueryOptions,
  invitePreviewQueryOptions,
} from '@/shared/api/teams.ts';
import { clearTeamInvite, inviteTypeOf, isValidInvite, type TeamInvite } from '@/shared/lib/team-invite.ts';
import { joinRefusalMessage } from '@/shared/lib/team-invite-checks.ts';
import { useDebouncedCallback } from '@/shared/hooks/use-debounced-callback.ts';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { Button, ButtonLink } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { InvitePreviewCard } from '@/shared/ui/invite-preview-card.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { RadioChoices } from '@/shared/ui/radio.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { createTeam, inviteToTeam, joinTeam, teamNameTaken } from '../api/team-changes.ts';
import { previousTeamQueryOptions, teamInvitationsQueryOptions } from '../api/team-queries.ts';
import { EmojiPicker, TEAM_EMOJI } from '../components/emoji-picker.tsx';
import { periodText } from '../components/team-parts.tsx';
import styles from '../components/team.module.css';
import { useInviteChecks } from '../hooks/use-invite-checks.ts';
import { teamDetailPath } from '../team-paths.ts';
import { challengeMessages, teamMessages } from '@/shared/messages/team.ts';

const m = teamMessages;

/** Children to bring along: the caller's children and whether each can still join. */
function ChildrenPicker({
  target,
  value,
  onChange,
}: {
  target: { teamId?: string; subChallengeId?: string };
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const isParent = useSessionStore((state) => state.userInfo?.userType !== 'CHILD');
  const children = useQuery({ ...childrenForTeamQueryOptions(target), enabled: isParent });
  if (!isParent) return null;
  return (
    <fieldset className={`${styles.card} ${styles.fieldCard}`}>
      <legend className={styles.fieldLegend}>{m.children}</legend>
      <QueryState query={children} loading={<Skeleton lines={1} label={messages.common.loading} />}>
        {({ children: list }) =>
          list.length === 0 ? (
            // No child account yet: the way to make one (through the pin gate, which explains itself).
            <>
              <p className={styles.meta}>{m.noChildren}</p>
              <ButtonLink to="/my/children" variant="secondary" block>
                <UserPlus aria-hidden="true" size={18} />
                {m.createChild}
              </ButtonLink>
            </>
          ) : (
            list.map((child) => (
              <CheckboxItem
                key={child.userId}
                label={child.reason ? `${child.alias} · ${m.childBlocked[child.reason]}` : child.alias}
                checked={value.includes(child.userId)}
                disabled={!child.canJoin}
                onCheckedChange={(checked) =>
                  onChange(checked ? [...value, child.userId] : value.filter((id) => id !== child.userId))
                }
              />
            ))
          )
        }
      </QueryState>
    </fieldset>
  );
}

/** A new team: the round, the contract's rules for name, description and emoji, the children picked. */
const createTeamFormSchema = createTeamEndpoint.request;

/** `/team/create` (pin users): round, name, description, emoji and the children who come along. */
export function TeamCreatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rounds = useQuery(roundsQueryOptions());
  const { control, handleSubmit, formState } = useForm<
    z.input<typeof createTeamFormSchema>,
    unknown,
    z.output<typeof createTeamFormSchema>
  >({
    resolver: standardSchemaResolver(createTeamFormSchema),
    defaultValues: {
      subChallengeId: params.get('subChallengeId') ?? '',
      name: '',
      description: '',
      emoji: TEAM_EMOJI[0],
      childUserIds: [],
    },
  });
  const subChallenge = useController({ control, name: 'subChallengeId' }).field;
  const name = useController({ control, name: 'name' }).field;
  const description = useController({ control, name: 'description' }).field;
  const emoji = useController({ control, name: 'emoji' }).field;
  const childIds = useController({ control, name: 'childUserIds' }).field;
  const subChallengeId = subChallenge.value;
  // The name is checked against the round's teams while it is typed; a taken one is not sent.
  const [nameTaken, setNameTaken] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const checkName = useDebouncedCallback((round: string, value: string) => {
    if (!round || value.trim() === '') return;
    teamNameTaken(round, value.trim())
      .then(({ exists }) => setNameTaken(exists))
      .catch(() => {});
  }, 300);

  const create = useMutation({
    // The contract's schema has trimmed the name and the description.
    // Ids travel as strings (the contract parses them into numbers on the server's side).
    mutationFn: (team: z.output<typeof createTeamFormSchema>) =>
      createTeam({
        ...team,
        subChallengeId: String(team.subChallengeId),
        childUserIds: team.childUserIds.map(String),
      }),
    onSuccess: async (place) => {
      showToast(m.created);
      await invalidateTeamQueries(queryClient);
      void navigate(teamDetailPath(place), { replace: true });
    },
    onError: (error) => setFormError(errorMessageFor(error)),
  });

  const submit = handleSubmit((team) => {
    if (!nameTaken) create.mutate(team);
  });
  const { errors } = formState;
  // A round comes first: until one is picked, that is the one thing said.
  const nameError = nameTaken
    ? m.nameTaken
    : errors.subChallengeId
      ? null
      : fieldText(errors.name, messages.errors.codes.VALIDATION_FAILED);

  return (
    <Page title={messages.pages.teamCreate} backTo="/challenge" description={m.createIntro}>
      <QueryState query={rounds}>
        {({ rounds: list }) => {
          const open = list.filter((round) => round.createTeamBlock === null);
          if (open.length === 0)
            return (
              <EmptyState
                icon={UsersRound}
                message={m.noRounds}
                action={{ label: m.goChallenge, to: '/challenge' }}
              />
            );
          return (
            <form
              className={styles.stack}
              onSubmit={(event) => {
                setFormError(null);
                void submit(event);
              }}
              noValidate
            >
              <fieldset className={`${styles.card} ${styles.fieldCard}`}>
                <legend id="team-create-round" className={styles.fieldLegend}>
                  {m.round}
                </legend>
                <RadioChoices
                  labelledBy="team-create-round"
                  name="round"
                  value={String(subChallengeId)}
                  onValueChange={(round) => {
                    subChallenge.onChange(round);
                    childIds.onChange([]);
                    checkName.call(round, name.value);
                  }}
                  choices={open.map((round) => ({
                    value: round.subChallengeId,
                    label: round.title,
                    description: `${challengeMessages.typeLabel[round.challengeType]} · ${periodText(round.startDate, round.endDate)}`,
                  }))}
                />
              </fieldset>
              <TextField
                label={m.name}
                value={name.value}
                onValueChange={(value) => {
                  name.onChange(value);
                  setNameTaken(false);
                  checkName.call(subChallengeId, value);
                }}
                hint={m.nameHint(TEAM_NAME_MAX)}
                error={nameError}
                maxLength={TEAM_NAME_MAX}
                required
              />
              <TextField
                label={m.description}
                value={description.value ?? ''}
                onValueChange={description.onChange}
                error={errors.description ? messages.errors.codes.VALIDATION_FAILED : undefined}
                hint={m.descriptionHint(TEAM_DESCRIPTION_MAX)}
                maxLength={TEAM_DESCRIPTION_MAX}
              />
              <EmojiPicker value={emoji.value} onChange={emoji.onChange} />
              {subChallengeId && (
                <ChildrenPicker
                  target={{ subChallengeId }}
                  value={childIds.value ?? []}
                  onChange={childIds.onChange}
                />
              )}
              {errors.subChallengeId ? (
                <NoticeMessage tone="error">{m.roundPick}</NoticeMessage>
              ) : (
                formError && <NoticeMessage tone="error">{formError}</NoticeMessage>
              )}
              <Button type="submit" variant="primary" block busy={create.isPending}>
                {m.create}
              </Button>
            </form>
          );
        }}
      </QueryState>
    </Page>
  );
}

/** InviteTeam `/team/{teamId}/{subChallengeId}/{challengeType}`: the checks, then the team, its terms and joining. */
export function InviteTeamPage() {
  const { teamId = '', subChallengeId = '', challengeType = '' } = useParams();
  const invite: TeamInvite = { teamId, subChallengeId, challengeType, callbackUrl: window.location.pathname };
  const valid = isValidInvite(invite);
  const checks = useInviteChecks(valid ? invite : null);
  return (
    <Page title={messages.pages.teamInvite} backTo="/home">
      {!valid || checks.state === 'rejected' ? (
        <EmptyState
          icon={UsersRound}
          message={checks.message ?? messages.errors.codes.NOT_FOUND}
          action={{ label: m.goChallenge, to: '/challenge' }}
        />
      ) : checks.state === 'checking' ? (
        <Skeleton heading lines={6} label={m.checking} />
      ) : (
        <AcceptInvite invite={invite} />
      )}
    </Page>
  );
}

function AcceptInvite({ invite }: { invite: TeamInvite }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(invitePreviewQueryOptions(invite.teamId));
  const [agreed, setAgreed] = useState(false);
  const [childIds, setChildIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: () =>
      joinTeam({
        teamId: invite.teamId,
        subChallengeId: invite.subChallengeId,
        challengeType: inviteTypeOf(invite),
        childUserIds: childIds,
        agreed: true,
      }),
    onSuccess: async (place) => {
      clearTeamInvite();
      showToast(m.joined);
      await invalidateTeamQueries(queryClient);
      void navigate(teamDetailPath(place), { replace: true });
    },
    onError: (cause) => setError(joinRefusalMessage(cause) ?? errorMessageFor(cause)),
  });
  return (
    <QueryState query={info} loading={<Skeleton heading lines={6} label={messages.common.loading} />}>
      {(preview) => (
        <div className={styles.stack}>
          {/* What a non-member may see of the team (decision 022): no member list, no children. */}
          <InvitePreviewCard preview={preview} />
          <ChildrenPicker target={{ teamId: invite.teamId }} value={childIds} onChange={setChildIds} />
          <section className={styles.section} aria-labelledby="invite-terms">
            <h2 id="invite-terms" className={styles.sectionTitle}>
              {m.termsTitle}
            </h2>
            <p className={styles.terms}>{m.terms}</p>
            <CheckboxItem
              label={m.agree}
              checked={agreed}
              onCheckedChange={(checked) => {
                setAgreed(checked);
                if (checked) recordActivity('TEAM_JOIN_TERMS_AGREE', { title: invite.teamId });
              }}
            />
          </section>
          {error && <NoticeMessage tone="error">{error}</NoticeMessage>}
          <Button
            variant="primary"
            block
            disabled={!agreed}
            busy={join.isPending}
            onClick={() => join.mutate()}
          >
            {m.join}
          </Button>
        </div>
      )}
    </QueryState>
  );
}

/** `/team/invited/{teamId}`: the team's direct invitations and re-inviting the previous round's teammates. */
export function InvitedMembersPage() {
  const { teamId = '' } = useParams();
  const invitations = useQuery(teamInvitationsQueryOptions(teamId));
  return (
    <Page title={messages.pages.teamInvited} backTo="/team?tab=in_progress">
      <div className={styles.stack}>
        <QueryState query={invitations}>
          {({ invitations: list }) =>
            list.length === 0 ? (
              <p className={styles.meta}>{m.invitedEmpty}</p>
            ) : (
              <ul className={styles.list}>
                {list.map((invitation) => (
                  <li key={invitation.invitationId} className={styles.row}>
                    <span className={styles.grow}>{invitation.inviteeAlias}</span>
                    <span
                      className={`${styles.badge} ${invitation.status === 'ACCEPTED' ? styles.badgeSuccess : ''}`}
                    >
                      {m.invitationStatus[invitation.status]}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        <PreviousTeammates teamId={teamId} />
      </div>
    </Page>
  );
}

function PreviousTeammates({ teamId }: { teamId: string }) {
  const queryClient = useQueryClient();
  const previous = useQuery(previousTeamQueryOptions(teamId));
  const [picked, setPicked] = useState<string[]>([]);
  const invite = useMutation({
    mutationFn: () => inviteToTeam(teamId, picked),
    onSuccess: async ({ invitations }) => {
      showToast(m.invitedDone(invitations.length));
      setPicked([]);
      await invalidateTeamQueries(queryClient);
    },
    onError: (error) => showToast(errorMessageFor(error)),
  });
  useEffect(() => setPicked([]), [teamId]);
  return (
    <section className={styles.section} aria-labelledby="previous-teammates">
      <h2 id="previous-teammates" className={styles.sectionTitle}>
        {m.previousTitle}
      </h2>
      <QueryState query={previous}>
        {({ previousTeam, people }) =>
          !previousTeam || people.length === 0 ? (
            <p className={styles.meta}>{m.previousEmpty}</p>
          ) : (
            <div className={styles.card}>
              <p className={styles.meta}>{m.previousFrom(previousTeam.name, previousTeam.roundTitle)}</p>
              {people.map((person) => (
                <CheckboxItem
                  key={person.userId}
                  label={[
                    person.alias,
                    m.withChildren(person.childCount),
                    person.inviteBlock ? m.inviteBlock[person.inviteBlock] : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  checked={picked.includes(person.userId)}
                  disabled={person.inviteBlock !== null}
                  onCheckedChange={(checked) =>
                    setPicked(
                      checked ? [...picked, person.userId] : picked.filter((id) => id !== person.userId),
                    )
                  }
                />
              ))}
              <Button
                variant="primary"
                block
                disabled={picked.length === 0}
                busy={invite.isPending}
                onClick={() => invite.mutate()}
              >
                <Send aria-hidden="true" size={18} />
                {m.inviteSelected(picked.length)}
              </Button>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
