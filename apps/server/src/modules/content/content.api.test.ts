import { beforeAll, describe, expect, it } from 'vitest';
import { seoulDayEnd } from '@hamkke/contract/dates';
import { seedContent } from '../../db/seed/content.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

const NOW = '2026-11-20T03:00:00.000Z';
const DAY_MS = 86_400_000;
const hoursAgo = (hours: number) => new Date(Date.parse(NOW) - hours * 3_600_000).toISOString();

interface Item {
  noticeId: string;
  title: string;
  isTop: boolean;
  isNew: boolean;
  publishedAt: string;
}

describe.each(testDatabaseTargets())('notices on $name', (target) => {
  const t = useTestContext(target, { now: NOW });
  let reader: Record<string, string>;
  let other: Record<string, string>;
  /** Notice ids by number 1..23; notice 23 is the newest. */
  const ids = new Map<number, string>();
  let futureId: string;

  beforeAll(async () => {
    reader = await sessionHeadersFor(t.app, await createUser(t.db));
    other = await sessionHeadersFor(t.app, await createUser(t.db));
    // Notice n is published (24 - n) hours ago; 1, 5 and 9 are pinned, and 1..2 are older than 30 days.
    for (let n = 1; n <= 23; n += 1) {
      const row = await t.db
        .insertInto('notices')
        .values({
          title: `공지 ${n}`,
          content: `공지 ${n} 본문`,
          is_top: [1, 5, 9].includes(n) ? 1 : 0,
          published_at:
            n <= 2 ? new Date(Date.parse(NOW) - (40 - n) * DAY_MS).toISOString() : hoursAgo(24 - n),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(n, String(row.id));
    }
    const future = await t.db
      .insertInto('notices')
      .values({
        title: '예약 공지',
        content: '내일 공개',
        is_top: 1,
        published_at: '2026-11-21T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    futureId = String(future.id);
  });

  const list = (body: object, headers = reader) => callEndpoint(t.app, 'home/notice-list', body, headers);

  it('pages published notices newest first with total and hasMore, leaving out scheduled ones', async () => {
    const pages = [];
    for (const offset of [0, 10, 20]) {
      const res = await list({ offset });
      expect(res.statusCode).toBe(200);
      pages.push(res.json().response);
    }
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 3]);
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
    expect(pages.map((page) => page.total)).toEqual([23, 23, 23]);
    expect(pages.map((page) => page.offset)).toEqual([0, 10, 20]);
    const titles = pages.flatMap((page) => page.items.map((item: Item) => item.title));
    expect(titles).toEqual(Array.from({ length: 23 }, (_, index) => `공지 ${23 - index}`));
    expect(titles).not.toContain('예약 공지');
    expect(pages[0].items[0]).toEqual({
      noticeId: ids.get(23),
      title: '공지 23',
      isTop: false,
      isNew: true,
      publishedAt: hoursAgo(1),
    });
  });

  it('uses offset 0 and ten items by default, and honours limit', async () => {
    const res = await list({});
    expect(res.json().response).toMatchObject({ offset: 0, total: 23, hasMore: true });
    expect(res.json().response.items).toHaveLength(10);
    const small = (await list({ offset: 21, limit: 5 })).json().response;
    expect(small.items.map((item: Item) => item.title)).toEqual(['공지 2', '공지 1']);
    expect(small.hasMore).toBe(false);
    expect((await list({ offset: 40 })).json().response).toMatchObject({ items: [], hasMore: false });
  });

  it('shows notices older than 30 days as read', async () => {
    const last = (await list({ offset: 20 })).json().response.items as Item[];
    expect(last.map((item) => [item.title, item.isNew])).toEqual([
      ['공지 3', true],
      ['공지 2', false],
      ['공지 1', false],
    ]);
  });

  it('lists up to three pinned notices and tells whether any notice is new', async () => {
    const res = await callEndpoint(t.app, 'home/notice-top-list', {}, reader);
    expect(res.statusCode).toBe(200);
    const { items, hasNew } = res.json().response;
    expect(items.map((item: Item) => [item.title, item.isTop])).toEqual([
      ['공지 9', true],
      ['공지 5', true],
      ['공지 1', true],
    ]);
    expect(hasNew).toBe(true);
  });

  it('opens a notice with its neighbours and marks it read for that person only', async () => {
    // Two people of its own, so other tests' reads do not count here.
    const readerId = await createUser(t.db);
    const otherId = await createUser(t.db);
    const reader = await sessionHeadersFor(t.app, readerId);
    const other = await sessionHeadersFor(t.app, otherId);
    const res = await callEndpoint(t.app, 'home/notice-detail', { noticeId: ids.get(12) }, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({
      noticeId: ids.get(12),
      title: '공지 12',
      content: '공지 12 본문',
      isTop: false,
      publishedAt: hoursAgo(12),
      prevNoticeId: ids.get(11),
      nextNoticeId: ids.get(13),
    });
    // Opening it again is harmless.
    expect(
      (await callEndpoint(t.app, 'home/notice-detail', { noticeId: ids.get(12) }, reader)).statusCode,
    ).toBe(200);
    const isNewOf = async (headers: Record<string, string>) =>
      ((await list({ offset: 10 }, headers)).json().response.items as Item[]).find(
        (item) => item.title === '공지 12',
      )?.isNew;
    expect(await isNewOf(reader)).toBe(false);
    expect(await isNewOf(other)).toBe(true);
    const reads = await t.db
      .selectFrom('notice_reads')
      .selectAll()
      .where('notice_id', '=', Number(ids.get(12)))
      .where('user_id', 'in', [readerId, otherId])
      .execute();
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ notice_id: Number(ids.get(12)), read_at: NOW });
  });

  it('has no neighbour past the newest published and the oldest notice', async () => {
    const newest = (await callEndpoint(t.app, 'home/notice-detail', { noticeId: ids.get(23) }, other)).json()
      .response;
    expect([newest.prevNoticeId, newest.nextNoticeId]).toEqual([ids.get(22), null]);
    const oldest = (await callEndpoint(t.app, 'home/notice-detail', { noticeId: ids.get(1) }, other)).json()
      .response;
    expect([oldest.prevNoticeId, oldest.nextNoticeId]).toEqual([null, ids.get(2)]);
  });

  it('turns hasNew off once every recent notice is read, and on again for a new one', async () => {
    const personId = await createUser(t.db);
    let person = await sessionHeadersFor(t.app, personId);
    const topList = async () =>
      (await callEndpoint(t.app, 'home/notice-top-list', {}, person)).json().response;
    expect((await topList()).hasNew).toBe(true);
    for (let n = 3; n <= 23; n += 1) {
      await callEndpoint(t.app, 'home/notice-detail', { noticeId: ids.get(n) }, person);
    }
    // Notices 1 and 2 are older than 30 days: never new, though unread.
    expect((await topList()).hasNew).toBe(false);

    t.clock.set('2026-11-21T00:00:00.000Z'); // the scheduled notice is published now
    try {
      person = await sessionHeadersFor(t.app, personId);
      const top = await topList();
      expect(top.hasNew).toBe(true);
      expect(top.items.map((item: Item) => item.title)).toEqual(['예약 공지', '공지 9', '공지 5']);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('answers 404 for an unknown or scheduled notice', async () => {
    // Ids longer than nine digits are malformed by the contract (400), so every id fits the column.
    expect(
      (await callEndpoint(t.app, 'home/notice-detail', { noticeId: '999999999999' }, reader)).statusCode,
    ).toBe(400);
    for (const noticeId of ['999999', futureId]) {
      const res = await callEndpoint(t.app, 'home/notice-detail', { noticeId }, reader);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const reads = await t.db.selectFrom('notice_reads').select('notice_id').execute();
    expect(reads.map((read) => String(read.notice_id))).not.toContain(futureId);
  });

  it.each([
    ['home/notice-list', { offset: -1 }, 'offset'],
    ['home/notice-list', { offset: 1.5 }, 'offset'],
    ['home/notice-list', { offset: '0' }, 'offset'],
    ['home/notice-list', { limit: 51 }, 'limit'],
    ['home/notice-list', { limit: 0 }, 'limit'],
    ['home/notice-detail', { noticeId: 'abc' }, 'noticeId'],
    ['home/notice-detail', { noticeId: 12 }, 'noticeId'],
    ['home/notice-detail', {}, 'noticeId'],
  ])('refuses %s with %j: 400 naming %s', async (path, body, field) => {
    const res = await callEndpoint(t.app, path, body, reader);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it.each([
    ['home/notice-list', {}],
    ['home/notice-top-list', {}],
    ['home/notice-detail', { noticeId: '1' }],
  ])('refuses %s without an access token', async (path, body) => {
    const res = await callEndpoint(t.app, path, body);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe.each(testDatabaseTargets())('popups, FAQ and service info on $name', (target) => {
  const t = useTestContext(target, { now: NOW });

  beforeAll(async () => {
    await t.db
      .insertInto('popups')
      .values([
        {
          title: '두 번째',
          content: '나중에 보여요',
          link_url: null,
          starts_at: '2026-11-10T00:00:00.000Z',
          ends_at: '2026-11-25T00:00:00.000Z',
          sort: 2,
        },
        {
          title: '첫 번째',
          content: '챌린지 모집',
          link_url: '/challenge',
          starts_at: '2026-11-15T00:00:00.000Z',
          ends_at: '2026-11-22T00:00:00.000Z',
          sort: 1,
        },
        {
          title: '지난 팝업',
          content: '끝났어요',
          link_url: null,
          starts_at: '2026-10-01T00:00:00.000Z',
          ends_at: '2026-10-15T00:00:00.000Z',
          sort: 0,
        },
        {
          title: '예정 팝업',
          content: '곧 보여요',
          link_url: null,
          starts_at: '2026-11-21T00:00:00.000Z',
          ends_at: '2026-11-30T00:00:00.000Z',
          sort: 0,
        },
      ])
      .execute();
    await t.db
      .insertInto('faqs')
      .values([
        { category: '보상', question: '보상은 언제?', answer: '80% 이상 완료하면', sort: 3 },
        { category: '계정', question: '자녀 계정은?', answer: '부모님이 만들어요', sort: 1 },
        { category: '미션 인증', question: '하루에 몇 번?', answer: '한 번', sort: 2 },
      ])
      .execute();
  });

  const titlesAt = async (instant: string) => {
    t.clock.set(instant);
    const res = await callEndpoint(t.app, 'home/popup-list');
    expect(res.statusCode).toBe(200);
    return res.json().response.map((popup: { title: string }) => popup.title);
  };

  it('shows the popups whose period contains now, by sort, without a session', async () => {
    t.clock.set(NOW);
    const res = await callEndpoint(t.app, 'home/popup-list');
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual([
      {
        popupId: expect.any(String),
        title: '첫 번째',
        content: '챌린지 모집',
        linkUrl: '/challenge',
        endsAt: '2026-11-22T00:00:00.000Z',
      },
      {
        popupId: expect.any(String),
        title: '두 번째',
        content: '나중에 보여요',
        linkUrl: null,
        endsAt: '2026-11-25T00:00:00.000Z',
      },
    ]);
  });

  it('follows the clock through the display periods', async () => {
    expect(await titlesAt('2026-10-10T00:00:00.000Z')).toEqual(['지난 팝업']);
    expect(await titlesAt('2026-10-15T00:00:00.000Z')).toEqual([]); // the end is exclusive
    expect(await titlesAt('2026-11-21T00:00:00.000Z')).toEqual(['예정 팝업', '첫 번째', '두 번째']);
    expect(await titlesAt('2026-11-22T00:00:00.000Z')).toEqual(['예정 팝업', '두 번째']);
    expect(await titlesAt('2026-12-01T00:00:00.000Z')).toEqual([]);
    t.clock.set(NOW);
  });

  it('never hands out a stored link that breaks the link rule (saved before it)', async () => {
    t.clock.set(NOW);
    const linkOf = async () =>
      (await callEndpoint(t.app, 'home/popup-list'))
        .json()
        .response.find((popup: { title: string }) => popup.title === '첫 번째').linkUrl;
    for (const stored of [
      '/\\evil.example',
      '//evil.example',
      'javascript:alert(1)',
      'http://evil.example',
    ]) {
      await t.db.updateTable('popups').set({ link_url: stored }).where('title', '=', '첫 번째').execute();
      expect(await linkOf(), stored).toBeNull();
    }
    await t.db
      .updateTable('popups')
      .set({ link_url: 'https://ok.example/a' })
      .where('title', '=', '첫 번째')
      .execute();
    expect(await linkOf()).toBe('https://ok.example/a');
    await t.db.updateTable('popups').set({ link_url: '/challenge' }).where('title', '=', '첫 번째').execute();
    expect(await linkOf()).toBe('/challenge');
  });

  it('lists the FAQ in sort order', async () => {
    const res = await callEndpoint(t.app, 'home/faq-list');
    expect(res.statusCode).toBe(200);
    const faqs = res.json().response;
    expect(faqs.map((faq: { category: string }) => faq.category)).toEqual(['계정', '미션 인증', '보상']);
    expect(faqs[0]).toEqual({
      faqId: expect.any(String),
      category: '계정',
      question: '자녀 계정은?',
      answer: '부모님이 만들어요',
    });
  });

  it('answers 404 while the service info page is missing, then serves it', async () => {
    const missing = await callEndpoint(t.app, 'home/service-info');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    await t.db
      .insertInto('content_pages')
      .values({ page_key: 'SERVICE_INFO', title: '서비스 안내', content: '함께미션은…', updated_at: NOW })
      .execute();
    expect((await callEndpoint(t.app, 'home/service-info', {})).json()).toEqual({
      response: { title: '서비스 안내', content: '함께미션은…', updatedAt: NOW },
    });
  });
});

describe.each(testDatabaseTargets())('forbidden words on $name', (target) => {
  const t = useTestContext(target, { now: NOW });

  beforeAll(async () => {
    await t.db
      .insertInto('forbidden_words')
      .values([
        { word: '바보', created_at: '2026-11-01T00:00:00.000Z' },
        { word: '도박', created_at: '2026-11-01T00:00:01.000Z' },
        { word: 'Casino', created_at: '2026-11-01T00:00:02.000Z' },
      ])
      .execute();
  });

  const check = (text: unknown) => callEndpoint(t.app, 'common/forbidden-word', { text });

  it.each([
    ['너 바보야', ['바보']],
    ['바 보', ['바보']],
    ['바\n\t보 같은 도  박', ['바보', '도박']],
    ['CASINO 사이트 casino', ['Casino']],
    ['ｃａｓｉｎｏ', ['Casino']],
    ['오늘도 가족과 산책했어요', []],
    ['', []],
  ])('checks %j → %j', async (text, words) => {
    const res = await check(text);
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ forbidden: words.length > 0, words });
  });

  it('serves the same rule to other modules', async () => {
    expect(await t.app.services.content.findForbiddenWords('카지노 말고 CaSiNo, 그리고 바 보')).toEqual([
      '바보',
      'Casino',
    ]);
  });

  it('refuses a text that is too long or not a string', async () => {
    for (const text of ['가'.repeat(5001), 12, undefined]) {
      const res = await check(text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain('text');
    }
    expect((await check('가'.repeat(5000))).statusCode).toBe(200);
  });

  it('keeps the list for 60 seconds before reading a new word', async () => {
    t.clock.set('2026-11-20T04:00:00.000Z');
    expect((await check('광고문의 주세요')).json().response.forbidden).toBe(false); // loads the list
    await t.db.insertInto('forbidden_words').values({ word: '광고문의', created_at: NOW }).execute();

    t.clock.advance(59_000);
    expect((await check('광고문의 주세요')).json().response.forbidden).toBe(false);
    t.clock.advance(2_000);
    expect((await check('광고 문의 주세요')).json().response).toEqual({
      forbidden: true,
      words: ['광고문의'],
    });
    t.clock.set(NOW);
  });
});

/** The seeded rounds' days around NOW (2026-11-20), as seedChallenges makes them. */
const ROUND_2 = {
  recruitStart: '2026-10-30',
  recruitEnd: '2026-11-12',
  start: '2026-11-13',
  end: '2026-12-03',
};
const ROUND_3 = {
  recruitStart: '2026-11-13',
  recruitEnd: '2026-11-26',
  start: '2026-11-27',
  end: '2026-12-17',
};

describe.each(testDatabaseTargets())('seeded demo content on $name', (target) => {
  const t = useTestContext(target, { now: NOW });

  beforeAll(async () => {
    await seedContent(t.db, new Date(NOW), { running: ROUND_2, recruiting: ROUND_3 });
  });

  it('serves one running popup, the FAQ in four categories, the service info and the word list', async () => {
    const popups = (await callEndpoint(t.app, 'home/popup-list')).json().response;
    expect(popups.map((popup: { title: string }) => popup.title)).toEqual([
      '21일 가족 건강 챌린지 3기 모집 안내',
    ]);
    // It shows until round 3's recruiting ends (the end of that Seoul day) and states its dates.
    expect(popups[0].endsAt).toBe(seoulDayEnd(ROUND_3.recruitEnd).toISOString());
    expect(popups[0].content).toContain('모집 기간: 11월 13일 ~ 11월 26일');

    const faqs = (await callEndpoint(t.app, 'home/faq-list')).json().response as Array<{ category: string }>;
    expect(faqs).toHaveLength(8);
    expect([...new Set(faqs.map((faq) => faq.category))]).toEqual(['계정', '미션 인증', '팀', '보상']);

    const info = (await callEndpoint(t.app, 'home/service-info')).json().response;
    expect(info.title).toBe('함께미션 서비스 안내');
    expect(info.content).toContain('고객센터');
    // The menu says 보상 내역 (pages.myRewardHistory): the seeded guidance names it the same way.
    expect(info.content).toContain('마이 > 보상 내역');
    expect(`${info.content}${JSON.stringify(faqs)}`).not.toContain('리워드');

    const checked = await callEndpoint(t.app, 'common/forbidden-word', { text: '바 보 같은 대출 광고 문의' });
    expect(checked.json().response).toEqual({ forbidden: true, words: ['바보', '대출', '광고문의'] });
  });
});
