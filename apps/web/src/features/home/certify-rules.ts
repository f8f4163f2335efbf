import {
  MAX_CERTIFICATION_TEXT_LENGTH,
  MAX_PHOTOS_PER_CERTIFICATION,
  needsPhoto,
  needsText,
} from '@hamkke/contract/mission/proof';
import type { DayMission, Mission } from '@hamkke/contract/mission/mission';
import { ApiError, errorMessageFor } from '@/shared/api/api-error.ts';
import { formatUserCount } from '@/shared/format/count.ts';
import { messages } from '@/shared/messages.ts';
import { certifyMessages } from '@/shared/messages/missions.ts';

/** What a certification needs, by the mission's proof type. */
export type ProofType = Mission['proofType'];

/**
 * The visible length of the text as the server counts it: runs of white space are one space, and
 * the ends are trimmed.
 */
export function visibleLength(text: string): number {
  return text.replace(/\s+/g, ' ').trim().length;
}

/** Today's missions in the two groups of the home page, challenge first; empty groups are left out. */
export function groupMissions(missions: readonly DayMission[]) {
  const groups = [
    { type: 'challenge' as const, missions: missions.filter((m) => m.challengeType === 'challenge') },
    { type: 'always' as const, missions: missions.filter((m) => m.challengeType === 'always') },
  ];
  return groups.filter((group) => group.missions.length > 0);
}

/** Certified out of total, for a progress line. */
export function progressOf(missions: readonly DayMission[]): { certified: number; total: number } {
  return { certified: missions.filter((m) => m.certified).length, total: missions.length };
}

/**
 * `waiting`: picked without a connection, kept on the device and uploaded with the certification
 * (the sheet counts it as `done` when it checks the draft).
 */
export type PhotoStatus = 'uploading' | 'done' | 'failed' | 'waiting';

/** Messages shown next to the parts of the certify form; absent parts are fine. */
export interface CertifyFeedback {
  photos?: string;
  text?: string;
  form?: string;
}

export interface CertifyDraft {
  proofType: ProofType;
  photoStatuses: readonly PhotoStatus[];
  textLength: number;
}

/** Why the draft cannot be sent yet, checked before any call; an empty object means it can. */
export function draftFeedback({ proofType, photoStatuses, textLength }: CertifyDraft): CertifyFeedback {
  const feedback: CertifyFeedback = {};
  const done = photoStatuses.filter((status) => status === 'done').length;
  if (photoStatuses.includes('failed')) feedback.photos = certifyMessages.failedPhotosLeft;
  else if (needsPhoto(proofType) && done === 0 && !photoStatuses.includes('uploading'))
    feedback.photos = certifyMessages.photoRequired;
  if (textLength > MAX_CERTIFICATION_TEXT_LENGTH)
    feedback.text = certifyMessages.textTooLong(formatUserCount(MAX_CERTIFICATION_TEXT_LENGTH));
  else if (needsText(proofType) && textLength === 0) feedback.text = certifyMessages.textRequired;
  if (photoStatuses.includes('uploading')) feedback.form = certifyMessages.stillUploading;
  return feedback;
}

export function hasFeedback(feedback: CertifyFeedback): boolean {
  return Boolean(feedback.photos || feedback.text || feedback.form);
}

/** How many more photos fit. */
export function photoRoom(current: number): number {
  return Math.max(0, MAX_PHOTOS_PER_CERTIFICATION - current);
}

/** The server's refusal of a certification, said next to the part that caused it. */
export function certifyErrorFeedback(error: unknown): CertifyFeedback {
  if (!(error instanceof ApiError)) return { form: errorMessageFor(error) };
  if (error.code === 'CONFLICT') return { form: certifyMessages.alreadyCertified };
  if (error.code === 'NOT_FOUND') return { form: certifyMessages.missionNotToday };
  if (error.code === 'FORBIDDEN_WORD') {
    const words = error.fields[0]?.message ?? '';
    return { text: words ? certifyMessages.forbiddenWords(words) : messages.errors.codes.FORBIDDEN_WORD };
  }
  if (error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
    const feedback: CertifyFeedback = {};
    for (const field of error.fields) {
      if (field.path.startsWith('fileIds')) {
        feedback.photos =
          field.path === 'fileIds' ? certifyMessages.photoRequired : certifyMessages.photoReupload;
      } else if (field.path === 'contentHtml') {
        feedback.text =
          field.code === 'TOO_LONG'
            ? certifyMessages.textTooLong(formatUserCount(MAX_CERTIFICATION_TEXT_LENGTH))
            : certifyMessages.textRequired;
      }
    }
    return hasFeedback(feedback) ? feedback : { form: errorMessageFor(error) };
  }
  return { form: errorMessageFor(error) };
}
