import {
  adminCertificationHideEndpoint,
  adminCertificationUnhideEndpoint,
  adminPeopleSearchEndpoint,
  adminPersonDetailEndpoint,
  adminPersonRevealEndpoint,
  adminPersonSuspendEndpoint,
  adminPersonUnsuspendEndpoint,
  adminUnlockChildLoginEndpoint,
  type AdminPersonCertification,
  type AdminPersonDetail,
} from '@hamkke/contract/admin/people';
import type { AdminEndpointResponse } from '@hamkke/contract/admin/endpoint';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminPeopleMessages as p } from '@/shared/messages/admin-people.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { groupThousands } from '@/shared/format/count.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { useConfirm } from './confirm.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton, Pager, LoadedView } from './parts.tsx';

const PAGE = 20;
/** The reason of a hide or a suspension: the contract's own rule. */
const reasonFormSchema = adminCertificationHideEndpoint.request.pick({ reason: true });
/** The search box: the contract's rule for the query. */
const searchSchema = adminPeopleSearchEndpoint.request.pick({ query: true });
type Revealed = AdminEndpointResponse<typeof adminPersonRevealEndpoint>;

/** People (support): find a parent, see the family, reveal on purpose, hide a certification, suspend. */
export function PeoplePage() {
  const search = useForm<z.input<typeof searchSchema>, unknown, z.output<typeof searchSchema>>({
    resolver: standardSchemaResolver(searchSchema),
    defaultValues: { query: '' },
  });
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery(consoleQuery(adminPeopleSearchEndpoint, { query, offset, limit: PAGE }));

  if (selected) return <PersonDetail userId={selected} onBack={() => setSelected(null)} />;
  return (
    <section aria-labelledby="people-heading">
      <div className={styles.toolbar}>
        <h1 id="people-heading" className={styles.heading}>
          {p.heading}
        </h1>
      </div>
      <form
        role="search"
        className={`${styles.card} ${styles.filters}`}
        onSubmit={(event) =>
          void search.handleSubmit((fields) => {
            setOffset(0);
            setQuery(fields.query);
          })(event)
        }
      >
        <BoundTextField
          control={search.control}
          name="query"
          label={p.search.label}
          hint={p.search.hint}
          maxLength={60}
          error={search.formState.errors.query ? m.failed : null}
        />
        <AdminButton type="submit">{p.search.submit}</AdminButton>
      </form>
      <div className={styles.card}>
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={p.search.empty}>
          {(data) => (
            <>
              <p className={styles.muted}>{p.search.results(groupThousands(data.total))}</p>
              <div className={styles.scroll}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{p.columns.person}</th>
                      <th scope="col">{p.columns.phone}</th>
                      <th scope="col">{p.columns.kakaoId}</th>
                      <th scope="col">{p.columns.children}</th>
                      <th scope="col">{p.columns.state}</th>
                      <th scope="col">{p.columns.createdAt}</th>
                      <th scope="col">{p.columns.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((person) => (
                      <tr key={person.userId}>
                        <th scope="row">
                          {person.name} <span className={styles.muted}>({person.alias})</span>
                        </th>
                        <td>{person.maskedPhone ?? p.detail.none}</td>
                        <td>{person.kakaoId ?? p.detail.none}</td>
                        <td>{p.childCount(person.childCount)}</td>
                        <td>
                          <StateBadge suspended={person.suspendedAt !== null} />
                        </td>
                        <td>{formatSeoulDateTime(person.createdAt)}</td>
                        <td>
                          <AdminButton
                            variant="secondary"
                            aria-label={p.open(person.name)}
                            onClick={() => setSelected(person.userId)}
                          >
                            {p.columns.actions}
                          </AdminButton>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager offset={offset} size={PAGE} total={data.total} onOffset={setOffset} />
            </>
          )}
        </LoadedView>
      </div>
    </section>
  );
}

function StateBadge({ suspended }: { suspended: boolean }) {
  return (
    <span className={`${styles.badge} ${suspended ? styles.alert : styles.draft}`}>
      {suspended ? p.suspended : p.active}
    </span>
  );
}

function PersonDetail({ userId, onBack }: { userId: string; onBack: () => void }) {
  const detail = useQuery(consoleQuery(adminPersonDetailEndpoint, { userId }));
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const reveal = useConsoleMutation(adminPersonRevealEndpoint, { reads: true, onSuccess: setRevealed });

  return (
    <section aria-labelledby="person-heading">
      <div className={styles.toolbar}>
        <h1 id="person-heading" className={styles.heading}>
          {detail.isSuccess ? p.detail.heading(detail.data.person.name) : p.heading}
        </h1>
        <AdminButton variant="secondary" onClick={onBack}>
          {p.back}
        </AdminButton>
      </div>
      <LoadedView query={detail}>
        {(data) => (
          <div className={styles.stack}>
            <Profile
              detail={data}
              revealed={revealed}
              revealing={reveal.isPending}
              onReveal={() => reveal.mutate({ userId })}
              onHide={() => setRevealed(null)}
              failed={reveal.error !== null}
            />
            <Suspension detail={data} />
            <Children detail={data} revealed={revealed} />
            <Certifications items={data.certifications} />
            <Teams detail={data} />
            <BadgesAndRewards detail={data} />
          </div>
        )}
      </LoadedView>
    </section>
  );
}

function Profile(props: {
  detail: AdminPersonDetail;
  revealed: Revealed | null;
  revealing: boolean;
  failed: boolean;
  onReveal: () => void;
  onHide: () => void;
}) {
  const { person } = props.detail;
  const shown = props.revealed;
  const rows: [string, string][] = [
    [p.detail.name, person.name],
    [p.detail.alias, person.alias],
    [p.detail.phone, (shown ? shown.phone : person.maskedPhone) ?? p.detail.none],
    [p.detail.birthDate, (shown ? shown.birthDate : person.maskedBirthDate) ?? p.detail.none],
    [p.detail.kakaoId, person.kakaoId ?? p.detail.none],
    [p.detail.createdAt, formatSeoulDateTime(person.createdAt)],
  ];
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>{p.detail.profile}</h2>
      <table className={styles.table}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{p.detail.state}</th>
            <td>
              <StateBadge suspended={person.suspendedAt !== null} />
            </td>
          </tr>
        </tbody>
      </table>
      <div className={styles.actions}>
        {shown ? (
          <AdminButton variant="secondary" onClick={props.onHide}>
            {p.detail.hide}
          </AdminButton>
        ) : (
          <AdminButton variant="secondary" disabled={props.revealing} onClick={props.onReveal}>
            {p.detail.reveal}
          </AdminButton>
        )}
      </div>
      {shown && (
        <p role="status" className={styles.result}>
          {p.detail.revealed}
        </p>
      )}
      {props.failed && (
        <p role="alert" className={styles.error}>
          {m.failed}
        </p>
      )}
    </div>
  );
}

/** A reason form (react-hook-form with the contract's rule): hide a certification, suspend. */
export function ReasonForm(props: {
  label: string;
  submit: string;
  onSubmit: (reason: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<z.input<typeof reasonFormSchema>, unknown, z.output<typeof reasonFormSchema>>({
    resolver: standardSchemaResolver(reasonFormSchema),
    defaultValues: { reason: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const send = handleSubmit(async ({ reason }) => {
    try {
      await props.onSubmit(reason);
    } catch (error) {
      setError('root', { type: error instanceof ApiError && error.status === 409 ? 'conflict' : 'failed' });
    }
  });
  return (
    <form className={styles.inlineForm} onSubmit={(event) => void send(event)} noValidate>
      <Input
        label={props.label}
        maxLength={200}
        error={formState.errors.reason ? p.reasonError : null}
        {...register('reason')}
      />
      <AdminButton type="submit" variant="danger" disabled={formState.isSubmitting}>
        {props.submit}
      </AdminButton>
      {props.onCancel && (
        <AdminButton variant="secondary" onClick={props.onCancel}>
          {p.certifications.cancel}
        </AdminButton>
      )}
      {formState.errors.root && (
        <p className={styles.error} role="alert">
          {formState.errors.root.type === 'conflict' ? p.conflict : m.failed}
        </p>
      )}
    </form>
  );
}

function Suspension({ detail }: { detail: AdminPersonDetail }) {
  const { person } = detail;
  const lift = useConsoleMutation(adminPersonUnsuspendEndpoint);
  const suspend = useConsoleMutation(adminPersonSuspendEndpoint);
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>{p.suspension.heading}</h2>
      {person.suspendedAt ? (
        <>
          <p>
            <StateBadge suspended /> {p.suspension.suspendedSince(formatSeoulDateTime(person.suspendedAt))} ·{' '}
            {p.certifications.hiddenReason(person.suspendedReason ?? '')}
          </p>
          <AdminButton
            variant="secondary"
            disabled={lift.isPending}
            onClick={() => lift.mutate({ userId: person.userId })}
          >
            {p.suspension.unsuspend}
          </AdminButton>
          {lift.error !== null && (
            <p className={styles.error} role="alert">
              {m.failed}
            </p>
          )}
        </>
      ) : (
        <>
          <p className={styles.muted}>{p.suspension.explain}</p>
          <ReasonForm
            label={p.suspension.reason}
            submit={p.suspension.suspend}
            onSubmit={async (reason) => {
              await suspend.mutateAsync({ userId: person.userId, reason });
            }}
          />
        </>
      )}
    </div>
  );
}

function Children({ detail, revealed }: { detail: AdminPersonDetail; revealed: Revealed | null }) {
  const c = p.children;
  const ask = useConfirm();
  const [unlocked, setUnlocked] = useState<string | null>(null);
  const unlock = useConsoleMutation(adminUnlockChildLoginEndpoint);
  const unlockChild = async (child: AdminPersonDetail['children'][number]) => {
    setUnlocked(null);
    unlock.reset();
    const yes = await ask({
      title: c.unlockConfirm(child.name),
      description: c.unlockDescription,
      confirmLabel: c.unlock,
    });
    if (!yes) return;
    unlock.mutate({ userId: child.userId }, { onSuccess: () => setUnlocked(c.unlocked(child.name)) });
  };
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>{c.heading}</h2>
      {detail.children.length === 0 ? (
        <p>{c.empty}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{c.columns.name}</th>
                <th scope="col">{c.columns.alias}</th>
                <th scope="col">{c.columns.loginId}</th>
                <th scope="col">{c.columns.birthDate}</th>
                <th scope="col">{c.columns.state}</th>
                <th scope="col">{c.columns.login}</th>
              </tr>
            </thead>
            <tbody>
              {detail.children.map((child) => {
                const birth = revealed
                  ? revealed.children.find((entry) => entry.userId === child.userId)?.birthDate
                  : child.maskedBirthDate;
                return (
                  <tr key={child.userId}>
                    <th scope="row">{child.name}</th>
                    <td>{child.alias}</td>
                    <td className={styles.nowrap}>{child.loginId ?? p.detail.none}</td>
                    <td>{birth ?? p.detail.none}</td>
                    <td className={styles.nowrap}>
                      <StateBadge suspended={child.suspendedAt !== null} />
                    </td>
                    <td className={styles.nowrap}>
                      <AdminButton
                        variant="secondary"
                        aria-label={c.unlockLabel(child.name)}
                        disabled={unlock.isPending}
                        onClick={() => void unlockChild(child)}
                      >
                        {c.unlock}
                      </AdminButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {unlocked !== null && (
        <p role="status" className={styles.result}>
          {unlocked}
        </p>
      )}
      {unlock.error !== null && (
        <p className={styles.error} role="alert">
          {m.failed}
        </p>
      )}
    </div>
  );
}

function Certifications({ items }: { items: AdminPersonCertification[] }) {
  const c = p.certifications;
  const [hiding, setHiding] = useState<string | null>(null);
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>{c.heading}</h2>
      {items.length === 0 ? (
        <p>{c.empty}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{c.columns.photos}</th>
                <th scope="col">{c.columns.mission}</th>
                <th scope="col">{c.columns.author}</th>
                <th scope="col">{c.columns.date}</th>
                <th scope="col">{c.columns.text}</th>
                <th scope="col">{c.columns.state}</th>
                <th scope="col">{c.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <CertificationRow
                  key={item.certificationId}
                  item={item}
                  hiding={hiding === item.certificationId}
                  onHiding={(open) => setHiding(open ? item.certificationId : null)}
                  onChanged={() => setHiding(null)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function CertificationRow(props: {
  item: AdminPersonCertification;
  hiding: boolean;
  onHiding: (open: boolean) => void;
  onChanged: () => void;
}) {
  const { item } = props;
  const c = p.certifications;
  const unhide = useConsoleMutation(adminCertificationUnhideEndpoint, { onSuccess: props.onChanged });
  const hide = useConsoleMutation(adminCertificationHideEndpoint, { onSuccess: props.onChanged });
  const hidden = item.hiddenAt !== null;
  return (
    <tr>
      <td>
        <div className={styles.thumbs}>
          {item.photos.map((photo, index) => (
            <a key={photo.fileId} href={photo.url} target="_blank" rel="noreferrer">
              <img
                className={styles.thumb}
                src={photo.thumbnailUrl}
                alt={c.photo(item.missionTitle, index + 1)}
                width={64}
                height={64}
                loading="lazy"
              />
            </a>
          ))}
        </div>
      </td>
      <th scope="row">{item.missionTitle}</th>
      <td>{item.authorAlias}</td>
      <td className={styles.nowrap}>{item.date}</td>
      <td className={styles.clip}>{item.text}</td>
      <td>
        <span className={`${styles.badge} ${hidden ? styles.alert : styles.draft}`}>
          {hidden ? c.hidden : c.shown}
        </span>
        {item.hiddenReason && <div className={styles.muted}>{c.hiddenReason(item.hiddenReason)}</div>}
      </td>
      <td>
        {hidden ? (
          <AdminButton
            variant="secondary"
            disabled={unhide.isPending}
            onClick={() => unhide.mutate({ certificationId: item.certificationId })}
          >
            {c.unhide}
          </AdminButton>
        ) : props.hiding ? (
          <ReasonForm
            label={c.hideReason}
            submit={c.confirmHide}
            onCancel={() => props.onHiding(false)}
            onSubmit={async (reason) => {
              await hide.mutateAsync({ certificationId: item.certificationId, reason });
            }}
          />
        ) : (
          <AdminButton variant="danger" onClick={() => props.onHiding(true)}>
            {c.hide}
          </AdminButton>
        )}
        {unhide.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
      </td>
    </tr>
  );
}

function Teams({ detail }: { detail: AdminPersonDetail }) {
  const c = p.teams;
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>{c.heading}</h2>
      {detail.teams.length === 0 ? (
        <p>{c.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{c.columns.team}</th>
              <th scope="col">{c.columns.round}</th>
              <th scope="col">{c.columns.member}</th>
              <th scope="col">{c.columns.role}</th>
              <th scope="col">{c.columns.joinedAt}</th>
            </tr>
          </thead>
          <tbody>
            {detail.teams.map((team) => (
              <tr key={`${team.teamId}-${team.memberAlias}`}>
                <th scope="row">{team.teamName}</th>
                <td>{team.roundTitle}</td>
                <td>{team.memberAlias}</td>
                <td>{c.roles[team.role]}</td>
                <td>{formatSeoulDateTime(team.joinedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function BadgesAndRewards({ detail }: { detail: AdminPersonDetail }) {
  const r = p.rewards;
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>{p.badges.heading}</h2>
      {detail.badges.length === 0 ? (
        <p>{p.badges.empty}</p>
      ) : (
        <ul className={styles.chips}>
          {detail.badges.map((badge) => (
            <li key={`${badge.memberAlias}-${badge.name}`} className={styles.chip}>
              <span aria-hidden="true">{badge.emoji}</span> {badge.name} · {badge.memberAlias} ·{' '}
              {formatSeoulDateTime(badge.achievedAt)}
            </li>
          ))}
        </ul>
      )}
      <h2 className={styles.subheading}>{r.heading}</h2>
      {detail.rewards.length === 0 ? (
        <p>{r.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{r.columns.member}</th>
              <th scope="col">{r.columns.round}</th>
              <th scope="col">{r.columns.reward}</th>
              <th scope="col">{r.columns.status}</th>
              <th scope="col">{r.columns.grantedAt}</th>
            </tr>
          </thead>
          <tbody>
            {detail.rewards.map((reward) => (
              <tr key={reward.rewardId}>
                <th scope="row">{reward.memberAlias}</th>
                <td>{reward.roundTitle}</td>
                <td>
                  {r.kinds[reward.kind]} {groupThousands(reward.amount)}
                  {r.units[reward.unit]}
                </td>
                <td>{r.statuses[reward.status]}</td>
                <td>{formatSeoulDateTime(reward.grantedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
