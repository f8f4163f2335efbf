import {
  adminPhotoReuseDismissEndpoint,
  adminPhotoReuseQueueEndpoint,
  adminPhotoReuseVoidEndpoint,
  photoReuseStatuses,
  type AdminPhotoReuseFlag,
  type PhotoReuseStatus,
} from '@hamkke/contract/admin/photo-reuse';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { groupThousands } from '@/shared/format/count.ts';
import { adminPhotoReuseMessages as r } from '@/shared/messages/admin-photo-reuse.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminScreen, FailedLine, StatusLine } from '../shell/screen.tsx';
import { useConfirm } from './confirm.tsx';
import { AdminButton, LoadedView, Pager } from './parts.tsx';

const PAGE = 20;

/**
 * Reused photos (support, decision 069): each flagged certification's photo beside the earlier photo
 * it matched; 무효 처리 (it stops counting, its author is told) or 문제 없음, each an audit row.
 */
export function PhotoReusePage() {
  const [status, setStatus] = useState<PhotoReuseStatus>('OPEN');
  const [offset, setOffset] = useState(0);
  const [announced, setAnnounced] = useState<string | null>(null);
  const statusId = useId();
  const queue = useQuery(consoleQuery(adminPhotoReuseQueueEndpoint, { status, offset, limit: PAGE }));
  return (
    <AdminScreen
      heading={r.heading}
      actions={
        <label htmlFor={statusId}>
          {r.statusLabel}{' '}
          <select
            id={statusId}
            value={status}
            onChange={(event) => {
              setOffset(0);
              setStatus(event.target.value as PhotoReuseStatus);
            }}
          >
            {photoReuseStatuses.map((value) => (
              <option key={value} value={value}>
                {r.statuses[value]}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <StatusLine text={announced} />
      <LoadedView query={queue} isEmpty={(data) => data.items.length === 0} empty={r.empty}>
        {(data) => (
          <>
            <p className={styles.muted}>{r.total(groupThousands(data.total))}</p>
            {data.items.map((item) => (
              <FlaggedPair key={item.certification.certificationId} item={item} onDecided={setAnnounced} />
            ))}
            <Pager offset={offset} size={PAGE} total={data.total} onOffset={setOffset} />
          </>
        )}
      </LoadedView>
    </AdminScreen>
  );
}

function FlaggedPair({ item, onDecided }: { item: AdminPhotoReuseFlag; onDecided: (text: string) => void }) {
  const ask = useConfirm();
  const voidIt = useConsoleMutation(adminPhotoReuseVoidEndpoint, {
    onSuccess: () => onDecided(r.done.VOIDED),
  });
  const dismiss = useConsoleMutation(adminPhotoReuseDismissEndpoint, {
    onSuccess: () => onDecided(r.done.DISMISSED),
  });
  const { certification, matched } = item;
  const headingId = `photo-reuse-${certification.certificationId}`;
  const request = { certificationId: certification.certificationId };
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {r.scopes[item.scope]}
      </h2>
      <p className={styles.muted}>{r.distance(item.distance)}</p>
      <div className={styles.pair}>
        <PairSide label={r.flagged} side={certification} photo={item.photo} />
        <PairSide label={r.matched} side={matched} photo={item.matchedPhoto} />
      </div>
      <p className={styles.muted}>
        {certification.hiddenReason ? r.hiddenNow(certification.hiddenReason) : r.counting}
      </p>
      {item.status === 'OPEN' && (
        <div className={styles.inlineForm}>
          <AdminButton
            variant="danger"
            disabled={voidIt.isPending}
            onClick={async () => {
              const yes = await ask({
                title: r.confirmVoid(certification.authorAlias),
                description: r.confirmVoidDescription,
                confirmLabel: r.void,
                danger: true,
              });
              if (yes) voidIt.mutate(request);
            }}
          >
            {r.void}
          </AdminButton>
          <AdminButton
            variant="secondary"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(request)}
          >
            {r.dismiss}
          </AdminButton>
        </div>
      )}
      <FailedLine shown={voidIt.error !== null || dismiss.error !== null} />
    </article>
  );
}

function PairSide(props: {
  label: string;
  side: AdminPhotoReuseFlag['certification'];
  photo: AdminPhotoReuseFlag['photo'];
}) {
  const { side, photo } = props;
  return (
    <figure className={styles.pairSide}>
      {photo ? (
        <a href={photo.url} target="_blank" rel="noreferrer">
          <img
            className={styles.pairPhoto}
            src={photo.url}
            alt={r.photo(side.authorAlias, side.date)}
            width={240}
            height={240}
            loading="lazy"
          />
        </a>
      ) : (
        <p className={styles.muted}>{r.noPhoto}</p>
      )}
      <figcaption>
        <strong>{props.label}</strong>
        <br />
        {r.author(side.authorAlias, side.missionTitle, side.date)}
      </figcaption>
    </figure>
  );
}
