import {
  adminChallengeListEndpoint,
  adminMissionCreateEndpoint,
  adminMissionDeleteEndpoint,
  adminMissionUpdateEndpoint,
  adminRoundCopyEndpoint,
  adminRoundDeleteEndpoint,
  type AdminChallenge,
  type AdminMission,
  type AdminRound,
} from '@hamkke/contract/admin/challenges';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminChallengeMessages as c } from '@/shared/messages/admin-challenges.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { ChallengeForm, MissionForm, RoundForm } from './challenge-forms.tsx';
import { AdminButton } from './parts.tsx';
import { ActionButton, DataTable } from '../shell/list-panel.tsx';
import { useConfirm } from './confirm.tsx';

type View =
  | { kind: 'list' }
  | { kind: 'challenge'; challenge: AdminChallenge | null }
  | { kind: 'round'; challenge: AdminChallenge; round: AdminRound | null }
  | { kind: 'missions'; challengeId: string; subChallengeId: string };

const day = (iso: string) => iso.slice(5).replace('-', '.');
const period = (from: string, to: string | null) => `${day(from)} – ${to === null ? c.endless : day(to)}`;

/** Challenges with their rounds and missions: make, change within the rules, delete before they begin. */
export function ChallengesPage() {
  const ask = useConfirm();
  const [view, setView] = useState<View>({ kind: 'list' });
  const list = useQuery(consoleQuery(adminChallengeListEndpoint, {}));
  const back = () => setView({ kind: 'list' });
  const removeRound = useConsoleMutation(adminRoundDeleteEndpoint);
  const [copied, setCopied] = useState<string | null>(null);
  const copyRound = useConsoleMutation(adminRoundCopyEndpoint, {
    onSuccess: (round) =>
      setCopied(
        c.copiedRound(
          round.title,
          period(round.recruitStart, round.recruitEnd),
          period(round.startDate, round.endDate),
        ),
      ),
  });
  /** The next round as a copy of the newest one (rounds come newest first), after asking. */
  const copyLatest = (latest: AdminRound) => {
    const days =
      latest.endDate === null
        ? 0
        : (Date.parse(latest.endDate) - Date.parse(latest.startDate)) / 86_400_000 + 1;
    setCopied(null);
    void ask({
      title: c.confirmCopyRound(latest.title),
      description: c.confirmCopyRoundText(days, latest.missions.length),
      confirmLabel: c.copyRoundGo,
    }).then((yes) => yes && copyRound.mutate({ subChallengeId: latest.subChallengeId }));
  };

  if (view.kind === 'challenge') return <ChallengeForm challenge={view.challenge} onDone={back} />;
  if (view.kind === 'round') return <RoundForm challenge={view.challenge} round={view.round} onDone={back} />;
  if (view.kind === 'missions' && list.isSuccess) {
    const challenge = list.data.items.find((entry) => entry.challengeId === view.challengeId);
    const round = challenge?.rounds.find((entry) => entry.subChallengeId === view.subChallengeId);
    if (round) return <MissionsPanel round={round} onBack={back} />;
  }

  return (
    <section aria-labelledby="challenges-heading">
      <div className={styles.toolbar}>
        <h1 id="challenges-heading" className={styles.heading}>
          {c.heading}
        </h1>
        <AdminButton onClick={() => setView({ kind: 'challenge', challenge: null })}>
          {c.createChallenge}
        </AdminButton>
      </div>
      {copied && (
        <p role="status" className={styles.result}>
          {copied}
        </p>
      )}
      {copyRound.error !== null && (
        <p className={styles.error} role="alert">
          {copyRound.error instanceof ApiError && copyRound.error.status === 400 ? c.copyRefused : m.failed}
        </p>
      )}
      {removeRound.error !== null && (
        <p className={styles.error} role="alert">
          {removeRound.error instanceof ApiError && removeRound.error.status === 409 ? c.conflict : m.failed}
        </p>
      )}
      {list.isPending ? (
        <p role="status">{m.loading}</p>
      ) : list.isError ? (
        <p role="alert">{m.failed}</p>
      ) : list.data.items.length === 0 ? (
        <p className={styles.card}>{c.empty}</p>
      ) : (
        list.data.items.map((challenge) => (
          <article
            key={challenge.challengeId}
            className={styles.card}
            aria-labelledby={`challenge-${challenge.challengeId}`}
          >
            <div className={styles.toolbar}>
              <h2 id={`challenge-${challenge.challengeId}`} className={styles.subheading}>
                <span className={styles.badge}>{c.types[challenge.challengeType]}</span> {challenge.title}
              </h2>
              <div className={styles.actions}>
                <AdminButton
                  variant="secondary"
                  aria-label={`${challenge.title} ${c.editChallenge}`}
                  onClick={() => setView({ kind: 'challenge', challenge })}
                >
                  {c.editChallenge}
                </AdminButton>
                {challenge.challengeType === 'challenge' && challenge.rounds[0] && (
                  <AdminButton
                    variant="secondary"
                    aria-label={c.copyRoundLabel(challenge.rounds[0].title)}
                    disabled={copyRound.isPending}
                    onClick={() => copyLatest(challenge.rounds[0]!)}
                  >
                    {c.copyRound}
                  </AdminButton>
                )}
                <AdminButton
                  aria-label={`${challenge.title} ${c.addRound}`}
                  onClick={() => setView({ kind: 'round', challenge, round: null })}
                >
                  {c.addRound}
                </AdminButton>
              </div>
            </div>
            {challenge.description && <p className={styles.muted}>{challenge.description}</p>}
            {challenge.rounds.length === 0 ? (
              <p>{c.noRounds}</p>
            ) : (
              <DataTable
                scroll
                rows={challenge.rounds}
                rowKey={(round) => round.subChallengeId}
                columns={[
                  { header: c.columns.round, cell: (round) => round.round },
                  { header: c.columns.title, cell: (round) => round.title },
                  {
                    header: c.columns.state,
                    cell: (round) => (
                      <span className={`${styles.badge} ${round.state === 'ended' ? styles.draft : ''}`}>
                        {c.states[round.state]}
                      </span>
                    ),
                  },
                  {
                    header: c.columns.recruit,
                    cell: (round) => period(round.recruitStart, round.recruitEnd),
                  },
                  { header: c.columns.run, cell: (round) => period(round.startDate, round.endDate) },
                  {
                    header: c.columns.capacity,
                    cell: (round) => c.capacity(round.maxUser, round.largestTeam),
                  },
                  { header: c.columns.teams, cell: (round) => round.teams },
                  {
                    header: c.columns.missions,
                    cell: (round) => round.missions.map((mission) => mission.icon).join(' '),
                  },
                  {
                    header: c.columns.actions,
                    cell: (round: AdminRound) => (
                      <div className={styles.actions}>
                        <ActionButton
                          variant="secondary"
                          disabled={round.state === 'ended'}
                          subject={round.title}
                          label={c.editRound}
                          onAct={() => setView({ kind: 'round', challenge, round })}
                        />
                        <ActionButton
                          variant="secondary"
                          subject={round.title}
                          label={c.missions}
                          onAct={() =>
                            setView({
                              kind: 'missions',
                              challengeId: challenge.challengeId,
                              subChallengeId: round.subChallengeId,
                            })
                          }
                        />
                        {(round.state === 'upcoming' || round.state === 'recruiting') &&
                          round.teams === 0 && (
                            <ActionButton
                              variant="danger"
                              subject={round.title}
                              label={c.deleteRound}
                              ask={{
                                title: c.confirmDeleteRound(round.title),
                                confirmLabel: c.deleteRound,
                                danger: true,
                              }}
                              onAct={() => removeRound.mutate({ subChallengeId: round.subChallengeId })}
                            />
                          )}
                      </div>
                    ),
                  },
                ]}
              />
            )}
          </article>
        ))
      )}
    </section>
  );
}

/** A round's missions: add any time before it ends; edit; delete only before it begins. */
function MissionsPanel(props: { round: AdminRound; onBack: () => void }) {
  const ask = useConfirm();
  const { round, onBack } = props;
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const remove = useConsoleMutation(adminMissionDeleteEndpoint);
  const create = useConsoleMutation(adminMissionCreateEndpoint);
  const update = useConsoleMutation(adminMissionUpdateEndpoint);
  const begun = round.state === 'running' || round.state === 'ended';
  return (
    <section aria-labelledby="missions-heading">
      <div className={styles.toolbar}>
        <h1 id="missions-heading" className={styles.heading}>
          {c.missionsPanel.heading(round.title)}
        </h1>
        <div className={styles.actions}>
          {round.state !== 'ended' && (
            <AdminButton onClick={() => setEditing('new')}>{c.missionForm.add}</AdminButton>
          )}
          <AdminButton variant="secondary" onClick={onBack}>
            {c.missionsPanel.back}
          </AdminButton>
        </div>
      </div>
      {round.state === 'running' && <p className={styles.muted}>{c.missionsPanel.runningNote}</p>}
      {round.state === 'ended' && <p className={styles.muted}>{c.missionsPanel.endedNote}</p>}
      {remove.error !== null && (
        <p className={styles.error} role="alert">
          {remove.error instanceof ApiError && remove.error.status === 409 ? c.conflict : m.failed}
        </p>
      )}
      {editing !== null && (
        <MissionForm
          key={editing === 'new' ? 'new' : editing.missionId}
          heading={
            editing === 'new' ? c.missionsPanel.addHeading : c.missionsPanel.editHeading(editing.title)
          }
          mission={editing === 'new' ? null : editing}
          proofTypeFixed={editing !== 'new' && round.state === 'running'}
          onSave={(values) =>
            editing === 'new'
              ? create.mutateAsync({ subChallengeId: round.subChallengeId, ...values })
              : update.mutateAsync({ missionId: editing.missionId, ...values })
          }
          onDone={() => setEditing(null)}
        />
      )}
      <ul className={`${styles.card} ${styles.missionList}`}>
        {round.missions.map((mission) => (
          <li key={mission.missionId} className={styles.missionItem}>
            <span aria-hidden="true" className={styles.missionIcon}>
              {mission.icon}
            </span>
            <span>
              <strong>{mission.title}</strong>
              <span className={styles.muted}>
                {' '}
                · {c.missionForm.proofTypes[mission.proofType]} ·{' '}
                {c.missionsPanel.certifications(mission.certifications)}
              </span>
              {mission.description && <span className={styles.muted}> — {mission.description}</span>}
            </span>
            <span className={styles.actions}>
              {round.state !== 'ended' && (
                <AdminButton
                  variant="secondary"
                  aria-label={`${mission.title} ${c.missionsPanel.edit}`}
                  onClick={() => setEditing(mission)}
                >
                  {c.missionsPanel.edit}
                </AdminButton>
              )}
              {!begun && (
                <AdminButton
                  variant="danger"
                  aria-label={`${mission.title} ${c.missionsPanel.remove}`}
                  onClick={() =>
                    void ask({
                      title: c.missionsPanel.confirmRemove(mission.title),
                      confirmLabel: c.missionsPanel.remove,
                      danger: true,
                    }).then((yes) => yes && remove.mutate({ missionId: mission.missionId }))
                  }
                >
                  {c.missionsPanel.remove}
                </AdminButton>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
