import { PHOTO_REUSE_VOID_REASON } from '@hamkke/contract/admin/photo-reuse';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/images.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';
import { copyOf, distinctPhoto, seededRandom } from '../files/synthetic-photos.ts';

/** Reused photos do not earn (issue 46 item 5, decision 069). */
describe.each(testDatabaseTargets())('reused photos on $name', (target) => {
  const t = useTestContext(target);
  let support: OperatorSessionHeaders;
  let serial = 0;
  let pictureSeed = 90_000;
  const random = seededRandom(69);

  const admin = (path: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers: support.headers, payload: body });
  const auditsOf = (action: string) =>
    t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
  const parent = () => createUser(t.db, { alias: `보호자${(serial += 1)}` });
  const child = (parentId: number) =>
    createUser(t.db, {
      alias: `아이${(serial += 1)}`,
      user_type: 'CHILD',
      kakao_id: null,
      login_id: `kid-${serial}`,
      parent_user_id: parentId,
      phone: null,
      birth_date: null,
    });
  /** A picture no other test uses. */
  const picture = () => distinctPhoto((pictureSeed += 1));

  async function certify(userId: number, missionId: number, photo: Buffer) {
    const headers = await sessionHeadersFor(t.app, userId);
    const { payload, contentType } = multipartBody('file', 'p.jpg', 'image/jpeg', photo);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/api/front/common/upload',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const made = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(missionId), contentHtml: '', fileIds: [uploaded.json().response.data.fileId] },
      headers,
    );
    expect(made.statusCode, made.body).toBe(200);
    return Number(made.json().response.certificationId);
  }
  const flagOf = (certificationId: number) =>
    t.db
      .selectFrom('photo_reuse_flags')
      .selectAll()
      .where('certification_id', '=', certificationId)
      .executeTakeFirst();
  const teamCount = async (userId: number) =>
    (
      await t.db
        .selectFrom('team_members')
        .select('cert_count')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).cert_count;
  const queue = async (status = 'OPEN') => {
    const res = await admin('photo-reuse/queue', { status, offset: 0, limit: 50 });
    expect(res.statusCode).toBe(200);
    return res.json().response as {
      items: {
        scope: string;
        certification: { certificationId: string };
        photo: { url: string } | null;
        matched: { certificationId: string };
        matchedPhoto: { url: string } | null;
      }[];
    };
  };

  /** A family certified on the 20th; the next day, the child certifies with a cropped, lighter copy. */
  async function flaggedPair() {
    const [mission] = (await createMissions(t.db, 1, 'PHOTO')) as [number];
    const mother = await parent();
    const kid = await child(mother);
    await joinMissionRound(t.db, mother, mission);
    await joinMissionRound(t.db, kid, mission);
    const original = await picture();
    const first = await certify(mother, mission, original);
    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      const second = await certify(kid, mission, await copyOf(original, 'all', random));
      return { mission, mother, kid, original, first, second };
    } finally {
      t.clock.advance(-24 * 60 * 60 * 1000);
    }
  }

  beforeAll(async () => {
    support = await signedInOperator(t, 'support');
  });

  it('flags a photo of another day of the same family; it still counts', async () => {
    const pair = await flaggedPair();
    const flag = await flagOf(pair.second);
    expect(flag).toMatchObject({
      status: 'OPEN',
      scope: 'SAME_FAMILY',
      matched_certification_id: pair.first,
      author_id: pair.kid,
    });
    expect(await flagOf(pair.first)).toBeUndefined();
    expect(await teamCount(pair.kid)).toBe(1);
    // The queue shows both photos side by side.
    const item = (await queue()).items.find(
      (entry) => entry.certification.certificationId === String(pair.second),
    );
    expect(item).toMatchObject({ scope: 'SAME_FAMILY', matched: { certificationId: String(pair.first) } });
    expect(item!.photo?.url).toMatch(/\.jpg$/);
    expect(item!.matchedPhoto?.url).toMatch(/\.jpg$/);
    expect(item!.photo!.url).not.toBe(item!.matchedPhoto!.url);
  });

  it("flags another family's photo, resized and re-encoded, even the same day", async () => {
    const [mission] = (await createMissions(t.db, 1, 'PHOTO')) as [number];
    const [one, other] = [await parent(), await parent()];
    await joinMissionRound(t.db, one, mission);
    await joinMissionRound(t.db, other, mission);
    const original = await picture();
    const first = await certify(one, mission, original);
    const copy = await sharp(original).resize({ width: 300 }).jpeg({ quality: 50 }).toBuffer();
    const second = await certify(other, mission, copy);
    expect(await flagOf(second)).toMatchObject({ scope: 'OTHER_FAMILY', matched_certification_id: first });
    // A distinct photo of a third family is not flagged.
    const third = await parent();
    await joinMissionRound(t.db, third, mission);
    expect(await flagOf(await certify(third, mission, await picture()))).toBeUndefined();
  });

  it('does not flag the same family on the same day: two missions, or a certification made again', async () => {
    const [missionA, missionB] = (await createMissions(t.db, 2, 'PHOTO')) as [number, number];
    const father = await parent();
    await joinMissionRound(t.db, father, missionA);
    const photo = await picture();
    const first = await certify(father, missionA, photo);
    const second = await certify(father, missionB, photo);
    expect(await flagOf(second)).toBeUndefined();
    // Deleted the same day and made again with the same photo: nothing to flag.
    const headers = await sessionHeadersFor(t.app, father);
    const deleted = await callEndpoint(
      t.app,
      'home/delete-mission-certification',
      { certificationId: String(first) },
      headers,
    );
    expect(deleted.statusCode).toBe(200);
    const again = await certify(father, missionA, photo);
    expect(await flagOf(again)).toBeUndefined();
  });

  it('voids: the certification stops counting, its author is told why, an audit row', async () => {
    const pair = await flaggedPair();
    expect(await teamCount(pair.kid)).toBe(1);
    const res = await admin('photo-reuse/void', { certificationId: String(pair.second) });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ certificationId: String(pair.second), status: 'VOIDED' });
    // No longer counted: the team score (what the round close reads) and the counted certifications.
    expect(await teamCount(pair.kid)).toBe(0);
    expect(await teamCount(pair.mother)).toBe(1);
    const row = await t.db
      .selectFrom('mission_certifications')
      .select(['hidden_at', 'hidden_reason'])
      .where('id', '=', pair.second)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    expect(row.hidden_reason).toBe(PHOTO_REUSE_VOID_REASON);
    // The author is told, until they acknowledge it.
    const kidHeaders = await sessionHeadersFor(t.app, pair.kid);
    const notices = await callEndpoint(t.app, 'home/report-notices', {}, kidHeaders);
    expect(notices.json().response.items).toEqual([
      expect.objectContaining({
        certificationId: String(pair.second),
        outcome: 'HIDDEN',
        reason: PHOTO_REUSE_VOID_REASON,
      }),
    ]);
    const seen = await callEndpoint(
      t.app,
      'home/report-notice-seen',
      { certificationId: String(pair.second) },
      kidHeaders,
    );
    expect(seen.statusCode).toBe(200);
    expect((await callEndpoint(t.app, 'home/report-notices', {}, kidHeaders)).json().response.items).toEqual(
      [],
    );
    // The audit row.
    const audits = (await auditsOf('photo-reuse.void')).filter(
      (audit) => audit.target === `certification:${pair.second}`,
    );
    expect(audits).toHaveLength(1);
    // Decided: out of the open queue, into the voided one; a second decision is 409.
    expect(
      (await queue()).items.some((item) => item.certification.certificationId === String(pair.second)),
    ).toBe(false);
    expect(
      (await queue('VOIDED')).items.some(
        (item) => item.certification.certificationId === String(pair.second),
      ),
    ).toBe(true);
    expect((await admin('photo-reuse/dismiss', { certificationId: String(pair.second) })).statusCode).toBe(
      409,
    );
    // The round's close freezes the voided certification out: the child certified nothing.
    const { sub_challenge_id: sub } = await t.db
      .selectFrom('missions')
      .select('sub_challenge_id')
      .where('id', '=', pair.mission)
      .executeTakeFirstOrThrow();
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    try {
      expect((await t.app.services.roundClose.close(sub, 'test')).closed).toBe(true);
    } finally {
      t.clock.advance(-2 * 24 * 60 * 60 * 1000);
    }
    const frozen = await t.db
      .selectFrom('round_member_results')
      .select(['user_id', 'certified'])
      .where('sub_challenge_id', '=', sub)
      .orderBy('user_id')
      .execute();
    expect(frozen).toEqual([
      { user_id: pair.mother, certified: 1 },
      { user_id: pair.kid, certified: 0 },
    ]);
  });

  it('dismisses: the certification keeps counting, nothing is told, an audit row', async () => {
    const pair = await flaggedPair();
    const res = await admin('photo-reuse/dismiss', { certificationId: String(pair.second) });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.status).toBe('DISMISSED');
    expect(await teamCount(pair.kid)).toBe(1);
    expect((await flagOf(pair.second))?.status).toBe('DISMISSED');
    const kidHeaders = await sessionHeadersFor(t.app, pair.kid);
    expect((await callEndpoint(t.app, 'home/report-notices', {}, kidHeaders)).json().response.items).toEqual(
      [],
    );
    expect(
      (await auditsOf('photo-reuse.dismiss')).filter(
        (audit) => audit.target === `certification:${pair.second}`,
      ),
    ).toHaveLength(1);
    expect((await admin('photo-reuse/void', { certificationId: String(pair.second) })).statusCode).toBe(409);
    expect((await admin('photo-reuse/void', { certificationId: '999999' })).statusCode).toBe(404);
  });
});
