import { MAX_CERTIFICATION_TEXT_LENGTH, needsPhoto, needsText } from '@hamkke/contract/mission/proof';
import type { DayMission } from '@hamkke/contract/mission/mission';
import { Info } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { BottomSheet } from '@/shared/ui/bottom-sheet.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { seoulDay } from '@hamkke/contract/seoul-day';
import { cleanDraftHtml, readCertifyDraft, saveCertifyDraft } from '@/shared/session/certify-draft-store.ts';
import { noteActivity } from '@/shared/session/session-activity.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { showToast } from '@/shared/ui/toast.tsx';
import { ApiError } from '@/shared/api/api-error.ts';
import { offlineMessages } from '@/shared/messages/offline.ts';
import { useCertifyMutation } from '../api/certification.ts';
import { certifyErrorFeedback, draftFeedback, hasFeedback, type CertifyFeedback } from '../certify-rules.ts';
import { usePhotoUploads } from '../hooks/use-photo-uploads.ts';
import styles from './certify-sheet.module.css';
import { PhotoPicker } from './photo-picker.tsx';
import type { EditorValue } from './rich-text-editor.tsx';
import { certifyMessages } from '@/shared/messages/missions.ts';
import { MissionIcon } from '@/shared/ui/app-icons.tsx';

// Its own chunk: pages that never certify do not carry the editor.
// Without a connection it comes from the service worker's precache (decisions 046 and 048).
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

interface CertifySheetProps {
  mission: DayMission;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Certifying one of today's missions: photos and text as its proof type asks, then one submit. */
export function CertifySheet({ mission, open, onOpenChange }: CertifySheetProps) {
  const userId = useSessionStore((state) => state.userInfo?.userId ?? null);
  // What this person began here before (a session that ended mid-writing), for today.
  const [kept] = useState(() => {
    const day = seoulDay();
    const draft = userId ? readCertifyDraft(userId, mission.missionId, day) : null;
    return { day, html: draft ? cleanDraftHtml(draft.html) : '', photos: draft?.photos ?? [] };
  });
  const restored = kept.html !== '' || kept.photos.length > 0;
  const uploads = usePhotoUploads(kept.photos);
  const certify = useCertifyMutation();
  const textRef = useRef<EditorValue>({ html: kept.html, textLength: 0 });
  const flushRef = useRef<(() => void) | null>(null);
  const [feedback, setFeedback] = useState<CertifyFeedback>({});
  const [tooMany, setTooMany] = useState(false);
  /** Bumped when a submit finds problems: the first one scrolls into view. */
  const [reveal, setReveal] = useState(0);
  const bodyRef = useRef<HTMLDivElement>(null);
  const textLabelId = useId();
  const textHintId = useId();
  const textErrorId = useId();

  const photoRequired = needsPhoto(mission.proofType);
  const textRequired = needsText(mission.proofType);

  useEffect(() => {
    if (reveal === 0) return;
    bodyRef.current?.querySelector('[data-invalid]')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [reveal]);

  const showFeedback = (next: CertifyFeedback) => {
    setFeedback(next);
    setReveal((count) => count + 1);
  };

  // The draft is kept on this device as it changes: its text (as the editor delivers it) and the
  // photos once uploaded. Sending it or closing the sheet drops it; a session's end does not.
  const keepDraft = (html: string, photos: typeof uploads.photos) => {
    if (userId) saveCertifyDraft(userId, mission.missionId, { day: kept.day, html, photos });
  };
  const photosKey = uploads.fileIds.join(',');
  const keepDraftRef = useRef(keepDraft);
  keepDraftRef.current = keepDraft;
  const photosRef = useRef(uploads.photos);
  photosRef.current = uploads.photos;
  useEffect(() => {
    keepDraftRef.current(textRef.current.html, photosRef.current);
  }, [photosKey]);

  const close = (submitted: boolean) => {
    if (!submitted) uploads.discardAll();
    if (userId) saveCertifyDraft(userId, mission.missionId, null);
    onOpenChange(false);
  };

  const submit = () => {
    if (certify.isPending || keeping) return;
    flushRef.current?.();
    const text = textRef.current;
    const local = draftFeedback({
      proofType: mission.proofType,
      // A photo waiting for the connection goes with the kept certification (decision 048).
      photoStatuses: uploads.slots.map((slot) => (slot.status === 'waiting' ? 'done' : slot.status)),
      textLength: text.textLength,
    });
    showFeedback(local);
    if (hasFeedback(local)) return;
    const input = { missionId: mission.missionId, contentHtml: text.html, fileIds: uploads.fileIds };
    // No connection (or photos waiting for one): kept on this device and sent when it returns.
    if (!navigator.onLine || uploads.waiting.length > 0) {
      keep(input);
      return;
    }
    certify.mutate(input, {
      onSuccess: () => {
        showToast(certifyMessages.done);
        close(true);
      },
      onError: (error) => {
        // The connection went while sending: kept like an offline one (its key makes a repeat harmless).
        if (error instanceof ApiError && error.code === 'NETWORK') keep(input);
        else showFeedback(certifyErrorFeedback(error));
      },
    });
  };

  const [keeping, setKeeping] = useState(false);
  const keep = (input: { missionId: string; contentHtml: string; fileIds: string[] }) => {
    if (!userId || keeping) return;
    setKeeping(true);
    import('../offline/certify-queue.ts')
      .then(({ enqueueCertification }) => enqueueCertification({ ...input, userId, photos: uploads.waiting }))
      .then(
        () => {
          showToast(offlineMessages.queued);
          close(true);
        },
        (error: unknown) => {
          console.error('[offline] could not keep the certification', error);
          showFeedback(certifyErrorFeedback(error));
        },
      )
      .finally(() => setKeeping(false));
  };

  const photoError = feedback.photos ?? (tooMany ? certifyMessages.tooManyPhotos : undefined);

  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close(false))}
      // A stray tap outside must not throw away photos on their way or a certification being sent.
      disablePointerDismissal={certify.isPending || uploads.slots.some((slot) => slot.status === 'uploading')}
      title={
        <>
          <MissionIcon icon={mission.icon} size={20} /> {mission.title}
        </>
      }
      description={mission.description}
      footer={
        <div className={styles.footer}>
          {feedback.form && <NoticeMessage tone="error">{feedback.form}</NoticeMessage>}
          <Button block busy={certify.isPending} onClick={submit}>
            {certify.isPending ? certifyMessages.submitting : certifyMessages.submit}
          </Button>
        </div>
      }
    >
      <div className={styles.body} ref={bodyRef}>
        {restored && <NoticeMessage tone="info">{certifyMessages.draftRestored}</NoticeMessage>}
        <p className={styles.requirement}>
          <Info aria-hidden="true" size={18} />
          {certifyMessages.requirement[mission.proofType]}
        </p>
        <PhotoPicker
          slots={uploads.slots}
          required={photoRequired}
          error={photoError}
          onAdd={(files) => {
            noteActivity();
            setTooMany(uploads.add(files) > 0);
            setFeedback((current) => ({ ...current, photos: undefined }));
          }}
          onRetry={uploads.retry}
          onRemove={(key) => {
            uploads.remove(key);
            setTooMany(false);
          }}
        />
        <div className={styles.field} data-invalid={feedback.text ? '' : undefined}>
          <span id={textLabelId} className={styles.label}>
            {textRequired ? certifyMessages.textRequiredLabel : certifyMessages.textOptionalLabel}
          </span>
          <p id={textHintId} className={styles.hint}>
            {certifyMessages.textHint}
          </p>
          <Suspense fallback={<div className={styles.editorFallback} aria-hidden="true" />}>
            <RichTextEditor
              labelId={textLabelId}
              describedBy={`${textHintId} ${textErrorId}`}
              invalid={Boolean(feedback.text)}
              placeholder={mission.textPlaceholder || certifyMessages.textPlaceholder}
              maxLength={MAX_CERTIFICATION_TEXT_LENGTH}
              flushRef={flushRef}
              initialHtml={kept.html}
              onChange={(value) => {
                textRef.current = value;
                keepDraft(value.html, uploads.photos);
                // Writing a certification keeps the session (issue 25).
                noteActivity();
                if (feedback.text) setFeedback((current) => ({ ...current, text: undefined }));
              }}
            />
          </Suspense>
          <div id={textErrorId} role="alert" className={styles.error}>
            {feedback.text}
          </div>
        </div>
      </div>
    </BottomSheet>
  );
}
