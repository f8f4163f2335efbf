import { seoulDay, seoulWallClock } from '@hamkke/contract/seoul-day';
import { spreadsheetCsv } from '../../lib/csv.ts';
import type { RewardLedgerService } from './reward-ledger.service.ts';

type RewardLedgerRow = Awaited<ReturnType<RewardLedgerService['exportRows']>>[number];

/*
 * The reward file for the payout partner: Korean headers and labels, Korean (KST) times, the phone
 * number the payout goes to. The file itself (BOM, CRLF, every text cell neutralised) is lib/csv.ts.
 */

const kindLabel: Record<RewardLedgerRow['kind'], string> = {
  PAID: '지급 보상',
  TRAFFIC: '데이터 보상',
  BADGES: '배지 보상',
};
const statusLabel: Record<RewardLedgerRow['status'], string> = {
  PENDING: '지급 대기',
  PAID: '지급 완료',
  CANCELLED: '취소',
};
const unitLabel: Record<string, string> = { POINT: '포인트', GIFT: '선물', MB: 'MB', BADGE: '배지' };

/** `2026-11-26 09:05:00` in Korea, from an ISO instant; empty for none. */
export function kstTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return seoulWallClock(date).toISOString().slice(0, 19).replace('T', ' ');
}

/** 010-1234-5678 from what the registry or Kakao gave (+82 10-…, 01012345678). */
function phoneOf(raw: string | null | undefined): string {
  if (!raw) return '';
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('82')) digits = `0${digits.slice(2)}`;
  if (digits.length === 11) return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  return raw;
}

export const REWARD_CSV_HEADERS = [
  '보상번호',
  '기수',
  '팀',
  '회원번호',
  '이름',
  '별명',
  '휴대폰 번호',
  '보상 종류',
  '단위',
  '수량',
  '상품명',
  '상태',
  '달성률(%)',
  '확정 시각(KST)',
  '처리 시각(KST)',
  '지급 참조번호',
] as const;

export function rewardCsv(
  rows: readonly RewardLedgerRow[],
  phones: ReadonlyMap<number, string | null>,
  now: Date,
): { filename: string; csv: string; rows: number } {
  const data = rows.map((row) => [
    row.id,
    row.round_title,
    row.team_name,
    row.user_id,
    row.name,
    row.alias,
    phoneOf(phones.get(row.user_id)),
    kindLabel[row.kind] ?? row.kind,
    unitLabel[row.unit] ?? row.unit,
    row.amount,
    row.item_name,
    statusLabel[row.status] ?? row.status,
    (row.rate_permille / 10).toFixed(1),
    kstTime(row.granted_at),
    kstTime(row.settled_at),
    row.payout_ref ?? '',
  ]);
  const csv = spreadsheetCsv(REWARD_CSV_HEADERS, data);
  return { filename: `rewards-${seoulDay(now)}.csv`, csv, rows: rows.length };
}
