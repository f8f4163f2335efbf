import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

/*
 * People (support): find a parent, see their family, teams, certifications, badges and rewards;
 * hide a certification that breaks the rules; suspend an account. Phone numbers and birth dates
 * are masked (010-****-1234, 1990-**-**) unless the operator asks to reveal them, and every reveal
 * is a call of its own that writes an audit row.
 */

const reasonSchema = z.string().trim().min(2).max(200);

export const adminPersonSummarySchema = z.object({
  userId: z.string(),
  name: z.string(),
  alias: z.string(),
  /** 010-****-1234, or null without a number. */
  maskedPhone: z.string().nullable(),
  kakaoId: z.string().nullable(),
  childCount: z.number().int().nonnegative(),
  /** When an operator suspended the account; null when it may log in. */
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPersonSummary = z.infer<typeof adminPersonSummarySchema>;

/** A name or alias (part of it), a phone number's last digits (or a masked number), or a Kakao id. */
export const adminPeopleSearchEndpoint = defineAdminEndpoint({
  path: 'people/search',
  access: ['support'],
  summary: '보호자 찾기 (이름, 별명, 전화번호 뒷자리, 카카오 아이디)',
  request: pageRequestSchema.extend({ query: z.string().trim().max(60).default('') }),
  response: z.object({ items: z.array(adminPersonSummarySchema), total: z.number().int().nonnegative() }),
});

export const adminPersonChildSchema = z.object({
  userId: z.string(),
  name: z.string(),
  alias: z.string(),
  loginId: z.string().nullable(),
  /** 2015-**-**, or null. */
  maskedBirthDate: z.string().nullable(),
  suspendedAt: z.string().nullable(),
});

export const adminPersonTeamSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  roundTitle: z.string(),
  /** Which member of the family is in it. */
  memberAlias: z.string(),
  role: z.enum(['MANAGER', 'MEMBER']),
  joinedAt: z.string(),
});

export const adminPersonPhotoSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});

export const adminPersonCertificationSchema = z.object({
  certificationId: z.string(),
  userId: z.string(),
  authorAlias: z.string(),
  missionTitle: z.string(),
  date: z.string(),
  /** The certification's text without markup. */
  text: z.string(),
  photos: z.array(adminPersonPhotoSchema),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminPersonCertification = z.infer<typeof adminPersonCertificationSchema>;

export const adminPersonDetailSchema = z.object({
  person: adminPersonSummarySchema.extend({
    /** 1990-**-**, or null. */
    maskedBirthDate: z.string().nullable(),
    suspendedReason: z.string().nullable(),
  }),
  children: z.array(adminPersonChildSchema),
  teams: z.array(adminPersonTeamSchema),
  /** The family's newest certifications (at most 60), hidden ones included. */
  certifications: z.array(adminPersonCertificationSchema),
  badges: z.array(
    z.object({ memberAlias: z.string(), name: z.string(), emoji: z.string(), achievedAt: z.string() }),
  ),
  rewards: z.array(
    z.object({
      rewardId: z.string(),
      memberAlias: z.string(),
      roundTitle: z.string(),
      kind: z.enum(['PAID', 'TRAFFIC', 'BADGES']),
      unit: z.enum(['POINT', 'GIFT', 'MB', 'BADGE']),
      amount: z.number().int(),
      status: z.enum(['PENDING', 'PAID', 'CANCELLED']),
      grantedAt: z.string(),
    }),
  ),
});
export type AdminPersonDetail = z.infer<typeof adminPersonDetailSchema>;

export const adminPersonDetailEndpoint = defineAdminEndpoint({
  path: 'people/detail',
  access: ['support'],
  summary: '보호자 상세 (가족, 팀, 인증, 배지, 보상; 개인정보는 가려서)',
  request: z.object({ userId: idSchema }),
  response: adminPersonDetailSchema,
});

/** The unmasked phone number and birth dates of a parent and their children; audited. */
export const adminPersonRevealEndpoint = defineAdminEndpoint({
  path: 'people/reveal',
  access: ['support'],
  summary: '전화번호·생년월일 보기 (감사 기록)',
  request: z.object({ userId: idSchema }),
  response: z.object({
    userId: z.string(),
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    children: z.array(z.object({ userId: z.string(), birthDate: z.string().nullable() })),
  }),
});

const hiddenStateSchema = z.object({
  certificationId: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});

/**
 * Hides a certification that breaks the rules: it leaves shared pages, counts, team scores and
 * rankings; its author still sees it, with the reason.
 */
export const adminCertificationHideEndpoint = defineAdminEndpoint({
  path: 'people/certification-hide',
  access: ['support'],
  summary: '인증 숨기기 (사유와 함께)',
  request: z.object({ certificationId: idSchema, reason: reasonSchema }),
  response: hiddenStateSchema,
});

export const adminCertificationUnhideEndpoint = defineAdminEndpoint({
  path: 'people/certification-unhide',
  access: ['support'],
  summary: '숨긴 인증 다시 보이기',
  request: z.object({ certificationId: idSchema }),
  response: hiddenStateSchema,
});

const suspensionSchema = z.object({
  userId: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** Accounts it applied to: the parent and their children. */
  accounts: z.number().int().nonnegative(),
});

/** Suspends a parent and their children: tokens and auto-login revoked, logins refused. */
export const adminPersonSuspendEndpoint = defineAdminEndpoint({
  path: 'people/suspend',
  access: ['support'],
  summary: '계정 이용 정지 (사유와 함께, 자녀 계정 포함)',
  request: z.object({ userId: idSchema, reason: reasonSchema }),
  response: suspensionSchema,
});

export const adminPersonUnsuspendEndpoint = defineAdminEndpoint({
  path: 'people/unsuspend',
  access: ['support'],
  summary: '계정 이용 정지 풀기',
  request: z.object({ userId: idSchema }),
  response: suspensionSchema,
});

/**
 * Lifts the lock children login keeps on a child's login id after strangers' failures (decision
 * 033), as the parent can from the child's page; audited (`person.unlock-child-login`, the child).
 * 404 for anyone who is not a child account.
 */
export const adminUnlockChildLoginEndpoint = defineAdminEndpoint({
  path: 'people/unlock-child-login',
  access: ['support'],
  summary: '자녀 로그인 잠금 풀기 (감사 기록)',
  request: z.object({ userId: idSchema }),
  response: z.object({ userId: z.string(), unlocked: z.literal(true) }),
});
