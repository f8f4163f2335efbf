import type { RoundCard } from '@hamkke/contract/challenge/round';
import type { Invitation } from '@hamkke/contract/team/team';
import { useQuery } from '@tanstack/react-query';
import { Flag, History } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { roundsQueryOptions } from '@/shared/api/teams.ts';
import { formatSeoulDate, formatShortDay } from '@/shared/format/date.ts';
import { verifyPathFor } from '@/shared/lib/pin-gate.ts';
import { messages } from '@/shared/messages.ts';
import { Button, ButtonLink } from '@/shared/ui/button.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { invitedTeamsQueryOptions, participatingQueryOptions } from '../api/challenge-queries.ts';
import { teamPath } from '../team-path.ts';
import styles from './challenge-pages.module.css';
import { challengeMessages } from '@/shared/messages/team.ts';
import { MissionIcon } from '@/shared/ui/app-icons.tsx';

const c = challengeMessages;

// Opened by a tap on an invitation: its code (the bottom sheet, the checkboxes) comes then.
const AnswerSheet = lazy(async () => ({
  default: (await import('./invitation-answer-sheet.tsx')).AnswerSheet,
}));

function day(value: string): string {
  return formatShortDay(value) ?? value;
}

/** `/challenge`: recruiting and running rounds, what the person can do next, and invitations to them. */
export function ChallengePage() {
  const rounds = useQuery(roundsQueryOptions());
  // The invitations sit above the rounds and the history link below them: one skeleton holds the
  // place of all three until the rounds and the invitations are known, so nothing drawn moves down
  // when the other answer comes (layout shifts Lighthouse saw).
  const invitations = useQuery(invitedTeamsQueryOptions());
  const skeleton = <Skeleton heading lines={8} label={messages.common.loading} />;
  return (
    <Page title={messages.pages.challenge} description={c.intro}>
      <div className={styles.stack}>
        {rounds.isPending || invitations.isPending ? (
          skeleton
        ) : (
          <>
            <Invitations />
            <QueryState query={rounds} loading={skeleton}>
              {({ rounds: list }) =>
                list.length === 0 ? (
                  <EmptyState icon={Flag} message={c.emptyRounds} />
                ) : (
                  <ul className={styles.list}>
                    {list.map((round) => (
                      <li key={round.subChallengeId}>
                        <RoundCardView round={round} />
                      </li>
                    ))}
                  </ul>
                )
              }
            </QueryState>
            <ButtonLink to="/challenge/history" variant="neutral" block>
              <History aria-hidden="true" size={18} />
              {c.historyLink}
            </ButtonLink>
          </>
        )}
      </div>
    </Page>
  );
}

function RoundCardView({ round }: { round: RoundCard }) {
  return (
    <article className={styles.card} aria-labelledby={`round-${round.subChallengeId}`}>
      <div className={styles.header}>
        <span className={`${styles.badge} ${styles.type}`}>{c.typeLabel[round.challengeType]}</span>
        <span className={`${styles.badge} ${round.state === 'recruiting' ? styles.recruiting : ''}`}>
          {c.state[round.state]}
        </span>
      </div>
      <h2 id={`round-${round.subChallengeId}`} className={styles.title}>
        {round.title}
      </h2>
      {round.challengeDescription && <p className={styles.body}>{round.challengeDescription}</p>}
      <div className={styles.facts}>
        <p>{c.period(day(round.startDate), round.endDate ? day(round.endDate) : null)}</p>
        {round.challengeType === 'challenge' && (
          <p>{c.recruitPeriod(day(round.recruitStart), day(round.recruitEnd))}</p>
        )}
        <p>
          {c.capacity(round.maxUser)} · {c.counts(round.teamCount, round.memberCount)}
        </p>
      </div>
      <h3 className={styles.subtitle}>{c.missionsTitle}</h3>
      <ul className={styles.missions}>
        {round.missions.map((mission) => (
          <li key={mission.missionId}>
            <MissionIcon icon={mission.icon} size={18} /> {mission.title}
          </li>
        ))}
      </ul>
      {round.myTeam ? (
        <ButtonLink to={teamPath(round, round.myTeam.teamId)} variant="secondary" block>
          {c.myTeam(round.myTeam.name)}
        </ButtonLink>
      ) : round.createTeamBlock === null ? (
        <ButtonLink to={`/team/create?subChallengeId=${round.subChallengeId}`} variant="primary" block>
          {c.createTeam}
        </ButtonLink>
      ) : round.createTeamBlock === 'NOT_PIN_USER' ? (
        // The pin gate says what is needed and leads to 회원 인증 (spec §5, issue 25).
        <div className={styles.gate}>
          <p className={styles.hint}>{c.block.NOT_PIN_USER}</p>
          <ButtonLink to={verifyPathFor('team')} variant="secondary" block>
            {c.verifyToCreate}
          </ButtonLink>
        </div>
      ) : (
        <p className={styles.hint}>{c.block[round.createTeamBlock]}</p>
      )}
      {!round.myTeam && <p className={styles.hint}>{c.joinHint}</p>}
    </article>
  );
}

/** Direct invitations to me: accept (with the children I pick) or decline. */
function Invitations() {
  const invitations = useQuery(invitedTeamsQueryOptions());
  const [answering, setAnswering] = useState<Invitation | null>(null);
  if (!invitations.data || invitations.data.invitations.length === 0) return null;
  return (
    <section id="invitations" className={styles.section} aria-labelledby="invitations-title">
      <h2 id="invitations-title" className={styles.sectionTitle}>
        {c.invitationsTitle}
      </h2>
      <ul className={styles.list}>
        {invitations.data.invitations.map((invitation) => (
          <li key={invitation.invitationId} className={styles.card}>
            <p className={styles.title}>
              <span aria-hidden="true">{invitation.teamEmoji}</span> {invitation.teamName}
            </p>
            <p className={styles.body}>{c.invitationFrom(invitation.inviterAlias, invitation.roundTitle)}</p>
            <p className={styles.hint}>{c.invitationUntil(formatSeoulDate(invitation.expiresAt))}</p>
            <Button variant="primary" block onClick={() => setAnswering(invitation)}>
              {c.acceptTitle}
            </Button>
          </li>
        ))}
      </ul>
      {answering && (
        <Suspense fallback={null}>
          <AnswerSheet invitation={answering} onClose={() => setAnswering(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** `/challenge/history`: ended rounds I took part in, with my team and my result. */
export function ChallengeHistoryPage() {
  const history = useQuery(participatingQueryOptions('ended'));
  return (
    <Page title={messages.pages.challengeHistory} backTo="/challenge">
      <QueryState query={history}>
        {({ rounds }) =>
          rounds.length === 0 ? (
            <EmptyState
              icon={History}
              message={c.historyEmpty}
              action={{ label: messages.pages.challenge, to: '/challenge' }}
            />
          ) : (
            <ul className={styles.list}>
              {rounds.map((round) => {
                const percent =
                  round.result.possible > 0
                    ? Math.round((round.result.certified / round.result.possible) * 100)
                    : 0;
                return (
                  <li key={round.subChallengeId} className={styles.card}>
                    <h2 className={styles.title}>{round.title}</h2>
                    <p className={styles.hint}>
                      {c.period(day(round.startDate), round.endDate ? day(round.endDate) : null)}
                    </p>
                    <ButtonLink to={teamPath(round, round.team.teamId)} variant="neutral" block>
                      <span aria-hidden="true">{round.team.emoji}</span> {round.team.name}
                    </ButtonLink>
                    <p className={styles.body}>
                      {c.result(round.result.certified, round.result.possible)} · {c.rate(percent)}
                    </p>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </Page>
  );
}
