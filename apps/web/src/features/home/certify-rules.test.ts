import type { DayMission } from '@hamkke/contract/mission/mission';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import {
  certifyErrorFeedback,
  draftFeedback,
  groupMissions,
  hasFeedback,
  photoRoom,
  progressOf,
  visibleLength,
} from './certify-rules.ts';
import { certifyMessages } from '@/shared/messages/missions.ts';

const mission = (
  missionId: string,
  challengeType: 'challenge' | 'always',
  certified = false,
): DayMission => ({
  missionId,
  subChallengeId: '1',
  challengeId: '1',
  challengeType,
  challengeTitle: 'c',
  title: `m${missionId}`,
  description: '',
  icon: '*',
  proofType: 'PHOTO',
  certified,
  certificationId: certified ? `c${missionId}` : null,
  hidden: false,
  textPlaceholder: '',
});

describe('proof types', () => {
  it('counts visible characters as the server does', () => {
    expect(visibleLength('  오늘   산책\n\n했어요 ')).toBe('오늘 산책 했어요'.length);
    expect(visibleLength('\n \n')).toBe(0);
  });

  it('has room for three photos at most', () => {
    expect(photoRoom(0)).toBe(3);
    expect(photoRoom(2)).toBe(1);
    expect(photoRoom(5)).toBe(0);
  });
});

describe('today missions', () => {
  it('groups challenge first, leaves out empty groups, and counts progress', () => {
    const missions = [mission('1', 'always', true), mission('2', 'challenge'), mission('3', 'always')];
    expect(groupMissions(missions).map((g) => [g.type, g.missions.map((m) => m.missionId)])).toEqual([
      ['challenge', ['2']],
      ['always', ['1', '3']],
    ]);
    expect(groupMissions([mission('1', 'always')]).map((g) => g.type)).toEqual(['always']);
    expect(progressOf(missions)).toEqual({ certified: 1, total: 3 });
  });
});

describe('draft checks before sending', () => {
  it('asks for what the proof type needs', () => {
    expect(draftFeedback({ proofType: 'PHOTO', photoStatuses: [], textLength: 0 })).toEqual({
      photos: certifyMessages.photoRequired,
    });
    expect(draftFeedback({ proofType: 'TEXT', photoStatuses: [], textLength: 0 })).toEqual({
      text: certifyMessages.textRequired,
    });
    expect(
      hasFeedback(draftFeedback({ proofType: 'PHOTO_TEXT', photoStatuses: ['done'], textLength: 5 })),
    ).toBe(false);
    expect(hasFeedback(draftFeedback({ proofType: 'TEXT', photoStatuses: [], textLength: 1 }))).toBe(false);
  });

  it('waits for uploads, and refuses failed photos and text over 1000 characters', () => {
    expect(draftFeedback({ proofType: 'PHOTO', photoStatuses: ['uploading'], textLength: 0 })).toEqual({
      form: certifyMessages.stillUploading,
    });
    expect(
      draftFeedback({ proofType: 'PHOTO', photoStatuses: ['done', 'failed'], textLength: 0 }).photos,
    ).toBe(certifyMessages.failedPhotosLeft);
    expect(draftFeedback({ proofType: 'TEXT', photoStatuses: [], textLength: 1001 }).text).toBe(
      certifyMessages.textTooLong('1,000'),
    );
    expect(hasFeedback(draftFeedback({ proofType: 'TEXT', photoStatuses: [], textLength: 1000 }))).toBe(
      false,
    );
  });
});

describe('server answers next to their field', () => {
  it('says an already certified mission at the form', () => {
    expect(certifyErrorFeedback(new ApiError('CONFLICT', 409, 'x'))).toEqual({
      form: certifyMessages.alreadyCertified,
    });
  });

  it('lists forbidden words at the text', () => {
    const error = new ApiError('FORBIDDEN_WORD', 400, 'x', undefined, [
      { path: 'contentHtml', code: 'INVALID', message: '바보, 도박' },
    ]);
    expect(certifyErrorFeedback(error)).toEqual({ text: certifyMessages.forbiddenWords('바보, 도박') });
  });

  it('maps validation fields to photos and text', () => {
    const error = new ApiError('VALIDATION_FAILED', 400, 'x', undefined, [
      { path: 'fileIds', code: 'REQUIRED', message: 'a photo is required' },
      { path: 'contentHtml', code: 'REQUIRED', message: 'text is required' },
    ]);
    expect(certifyErrorFeedback(error)).toEqual({
      photos: certifyMessages.photoRequired,
      text: certifyMessages.textRequired,
    });
    const tooLong = new ApiError('VALIDATION_FAILED', 400, 'x', undefined, [
      { path: 'contentHtml', code: 'TOO_LONG', message: 'is too long' },
      { path: 'fileIds.1', code: 'NOT_YOURS', message: 'is not an unused upload of yours' },
    ]);
    expect(certifyErrorFeedback(tooLong)).toEqual({
      photos: certifyMessages.photoReupload,
      text: certifyMessages.textTooLong('1,000'),
    });
  });

  it('falls back to the catalog sentence for anything else', () => {
    expect(certifyErrorFeedback(new ApiError('NETWORK', 0, 'x'))).toEqual({
      form: messages.errors.codes.NETWORK,
    });
    expect(certifyErrorFeedback(new Error('boom'))).toEqual({ form: messages.errors.unknown });
  });
});
