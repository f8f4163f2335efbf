import type { EndpointRoute } from '@hamkke/contract/route';
import { describe, expect, it } from 'vitest';
import { drawPage, type LoadAnswer } from './draw-page.tsx';

const UUID = '3f2a9c1e-8b7d-4c6e-9a5f-1e2d3c4b5a69';
const DAY = {
  alias: '하늘맘',
  date: '2026-11-20',
  certifications: [
    {
      certificationId: '41',
      missionId: '3',
      missionTitle: '물 2리터 마시기',
      icon: '💧',
      challengeType: 'always',
      date: '2026-11-20',
      contentHtml: '<p>오늘도 <strong>완료</strong></p>',
      photos: [],
      createdAt: '2026-11-20T04:04:00.000Z',
    },
  ],
};

/** The server's side of a drawing, recorded: which calls the page asked for, and what they answered. */
function server(answer: unknown) {
  const asked: Array<{ path: string; body: unknown }> = [];
  const load = (async (endpoint: EndpointRoute, body: unknown) => {
    asked.push({ path: endpoint.path, body });
    return answer;
  }) as LoadAnswer;
  return { asked, load };
}

describe('pages the server draws', () => {
  it('draws a shared day from its call, and carries the answer for the first render', async () => {
    const { asked, load } = server(DAY);
    const drawn = await drawPage(`/mission/shared/${UUID}/2026-11-20?from=kakao`, load);
    expect(asked).toEqual([
      { path: 'mission/shared-certifications', body: { uuid: UUID, date: '2026-11-20' } },
    ]);
    expect(drawn?.markup).toMatch(/^<div[^>]*><a href="#main"/);
    expect(drawn?.markup).toContain('공유된 미션 인증</h1>');
    expect(drawn?.markup).toContain('하늘맘님의 11월 20일 (금) 인증이에요.');
    expect(drawn?.markup).toContain('물 2리터 마시기</h2>');
    expect(drawn?.markup).toContain('<p>오늘도 <strong>완료</strong></p>');
    // The time in Seoul, whatever the server's own zone.
    expect(drawn?.markup).toContain('13:04 인증');
    expect(drawn?.markup).toContain('함께미션 시작하기');
    const data = /^<script type="application\/json" id="page-data">(.*)<\/script>$/s.exec(drawn?.data ?? '');
    expect(JSON.parse(data?.[1] ?? 'null')).toEqual([[['mission', 'shared', UUID, '2026-11-20', null], DAY]]);
    // The answer's own markup cannot end the block.
    expect(data?.[1]).not.toContain('<');
  });

  it("asks for one challenge's missions on a challenge's shared day", async () => {
    const { asked, load } = server({ ...DAY, certifications: [] });
    const drawn = await drawPage(`/challenge/shared/7/${UUID}/2026-11-20`, load);
    expect(asked[0]?.body).toEqual({ uuid: UUID, date: '2026-11-20', challengeId: '7' });
    expect(drawn?.markup).toContain('공유된 챌린지 인증</h1>');
  });

  it('draws nothing for other pages, a link that names no day, or a day the server refuses', async () => {
    const { asked, load } = server(DAY);
    for (const url of [
      '/home',
      '/login/auth',
      `/mission/shared/not-a-uuid/2026-11-20`,
      `/mission/shared/${UUID}/2026-02-30`,
    ]) {
      expect(await drawPage(url, load), url).toBeNull();
    }
    expect(asked).toEqual([]);
    expect(await drawPage(`/mission/shared/${UUID}/2026-11-20`, server(null).load)).toBeNull();
  });
});
