import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderAlbum, type ExportData } from './modules/exports/export-album.ts';
import { inviteCard } from './plugins/share-previews.ts';

/**
 * Issue 45 item 9, "Words", on the server's side: what a person reads in a link preview, in the
 * family album, and in everything the server says or seeds.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

function sourcesUnder(path: string): string[] {
  return readdirSync(join(root, path), { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return sourcesUnder(child);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [join(root, child)] : [];
  });
}

const preview = {
  teamName: '하늘네 3기 도전단',
  emoji: '🌱',
  challengeType: 'challenge' as const,
  roundTitle: '21일 가족 건강 챌린지 3기',
  round: 3,
  subChallengeId: '3',
  startDate: '2026-11-26',
  endDate: '2026-12-16',
  managerAlias: '하늘맘',
  seatsLeft: 8,
  recruiting: true,
};

const album = (data: Partial<ExportData> = {}) =>
  renderAlbum({
    format: 'hamkke-family-export',
    version: 1,
    exportedAt: '2026-11-20T03:00:00.000Z',
    people: [
      {
        userId: 'u1',
        type: 'PARENT',
        name: '김하늘',
        alias: '하늘맘',
        loginId: null,
        joinedAt: '2026-11-01T00:00:00.000Z',
        certifications: [],
        badges: [],
        medals: [],
        rewards: [
          {
            kind: 'PAID',
            unit: 'POINT',
            amount: 5000,
            itemName: '',
            status: 'PAID',
            round: '1기',
            grantedAt: '2026-11-10T00:00:00.000Z',
            settledAt: null,
          },
        ],
        teams: [],
      },
    ],
    ...data,
  });

describe('the words a person reads from the server (issue 45 item 9)', () => {
  it('says the seats left as "8자리 남았어요" on an invite preview', () => {
    expect(inviteCard(preview).lines[1]).toBe('11월 26일 ~ 12월 16일 · 8자리 남았어요');
    expect(inviteCard({ ...preview, seatsLeft: 0 }).lines[1]).toBe(
      '11월 26일 ~ 12월 16일 · 자리가 다 찼어요',
    );
    expect(inviteCard({ ...preview, recruiting: false }).lines[1]).toBe(
      '11월 26일 ~ 12월 16일 · 모집이 끝났어요',
    );
    expect(JSON.stringify(inviteCard(preview))).not.toContain('남은 자리');
  });

  it('writes 보상, never 리워드, in the album, in what the server says or seeds, and in the contract', () => {
    const html = album();
    expect(html).toContain('<h3>보상</h3>');
    expect(html).not.toContain('리워드');
    const offenders = ['apps/server/src', 'packages/contract/src', 'apps/web/src/shared/messages']
      .flatMap(sourcesUnder)
      .concat(join(root, 'apps/web/src/shared/messages.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            line.includes('리워드') ? [`${relative(root, file)}:${index + 1}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it("tells in everyday words what the album's data.json is for", () => {
    const html = album();
    expect(html).not.toContain('기계가 읽는');
    expect(html).toContain(
      '같은 폴더의 data.json에는 이 앨범과 같은 기록이 들어 있어요. 다른 앱이나 서비스로 기록을 옮길 때 이 파일을 쓰면 돼요.',
    );
  });
});
