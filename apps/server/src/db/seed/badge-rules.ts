import type { Kysely } from 'kysely';
import type { BadgeKindColumn, Database } from '../schema.ts';

/** The badge rules of product.md, as rows: the operator changes or adds them without code. */
export const DEFAULT_BADGE_RULES: {
  kind: BadgeKindColumn;
  threshold: number;
  name: string;
  description: string;
  emoji: string;
}[] = [
  {
    kind: 'FIRST_CERTIFICATION',
    threshold: 1,
    name: '첫 인증',
    description: '처음으로 미션을 인증했어요.',
    emoji: '🌱',
  },
  {
    kind: 'STREAK',
    threshold: 3,
    name: '3일 연속',
    description: '3일 동안 하루도 빠짐없이 인증했어요.',
    emoji: '🔥',
  },
  { kind: 'STREAK', threshold: 7, name: '7일 연속', description: '일주일 내내 인증했어요.', emoji: '⚡' },
  {
    kind: 'STREAK',
    threshold: 21,
    name: '21일 연속',
    description: '21일 연속 인증으로 습관을 만들었어요.',
    emoji: '🌟',
  },
  {
    kind: 'STREAK',
    threshold: 50,
    name: '50일 연속',
    description: '50일 동안 매일 인증했어요.',
    emoji: '💎',
  },
  {
    kind: 'STREAK',
    threshold: 100,
    name: '100일 연속',
    description: '100일 연속 인증, 정말 대단해요!',
    emoji: '👑',
  },
  {
    kind: 'CERTIFICATION_COUNT',
    threshold: 10,
    name: '인증 10회',
    description: '미션을 10번 인증했어요.',
    emoji: '✋',
  },
  {
    kind: 'CERTIFICATION_COUNT',
    threshold: 50,
    name: '인증 50회',
    description: '미션을 50번 인증했어요.',
    emoji: '🎯',
  },
  {
    kind: 'CERTIFICATION_COUNT',
    threshold: 100,
    name: '인증 100회',
    description: '미션을 100번 인증했어요.',
    emoji: '💯',
  },
  {
    kind: 'CERTIFICATION_COUNT',
    threshold: 365,
    name: '인증 365회',
    description: '1년 치 인증을 모았어요.',
    emoji: '🗓️',
  },
  { kind: 'FIRST_TEAM', threshold: 1, name: '첫 팀', description: '처음으로 팀에 들어갔어요.', emoji: '🤝' },
  {
    kind: 'FIRST_INVITE_ACCEPTED',
    threshold: 1,
    name: '첫 초대 성공',
    description: '내 초대로 한 가족이 팀에 들어왔어요.',
    emoji: '💌',
  },
  {
    kind: 'CHALLENGE_COMPLETED',
    threshold: 1,
    name: '챌린지 완주',
    description: '챌린지 기수를 목표 이상으로 완주했어요.',
    emoji: '🏆',
  },
];

export async function seedBadgeRules(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('badge_rules')
    .values(DEFAULT_BADGE_RULES.map((rule, sort) => ({ ...rule, image_url: null, sort })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
