import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { certify, createMissions, createUser } from '../../test/factories.ts';
import { useTestContext } from '../../test/harness.ts';
import { makeJpeg } from '../../test/images.ts';
import { RETENTION, type RetentionKind } from '@hamkke/contract/retention';
import { retentionRules, runRetention } from './retention.job.ts';

const NOW = new Date('2026-11-20T03:00:00.000Z');
const quiet = { info: () => {}, error: () => {} };

/** An instant `ms` before NOW. */
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
/** One second past a kind's period (it goes), and one second inside it (it stays). */
const pastLimit = (kind: RetentionKind) => ago(RETENTION[kind].ms + 1000);
const insideLimit = (kind: RetentionKind) => ago(RETENTION[kind].ms - 1000);

/**
 * Each rule of `docs/retention.md` purges exactly what it says (issue 32 item 4): rows just past the
 * limit go, rows just inside stay, and other families' rows are left alone.
 */
describe.each(testDatabaseTargets())('retention rules on $name', (target) => {
  const t = useTestContext(target, { now: NOW.toISOString() });
  let familyA: number;
  let familyB: number;
  beforeAll(async () => {
    familyA = await createUser(t.db);
    familyB = await createUser(t.db);
  });

  const purge = (name: string) => {
    const rule = retentionRules(t.app.services).find((candidate) => candidate.name === name);
    if (!rule) throw new Error(`no retention rule ${name}`);
    return rule.purge(NOW);
  };

  it('names every rule of the table once', () => {
    expect(retentionRules(t.app.services).map((rule) => rule.name)).toEqual([
      'login-logs',
      'activity-logs',
      'share-links',
      'pending-uploads',
      'orphan-photos',
      'hidden-certification-photos',
      'access-tokens',
      'auto-login-tokens',
      'kakao-login-attempts',
      'operator-sessions',
      'exports',
    ]);
  });

  it('login-logs: deletes login records older than a year', async () => {
    const row = (userId: number | null, createdAt: string, logdetail: string) => ({
      user_id: userId,
      logdetail,
      birth_date: null,
      result: 'Y' as const,
      source: 'SERVER' as const,
      ip_address: null,
      created_at: createdAt,
    });
    await t.db
      .insertInto('login_logs')
      .values([
        row(familyA, pastLimit('loginLogs'), 'a-old'),
        row(null, pastLimit('loginLogs'), 'nobody-old'),
        row(familyA, insideLimit('loginLogs'), 'a-kept'),
        row(familyB, insideLimit('loginLogs'), 'b-kept'),
      ])
      .execute();
    expect(await purge('login-logs')).toBe(2);
    const left = await t.db.selectFrom('login_logs').select('logdetail').orderBy('logdetail').execute();
    expect(left.map((r) => r.logdetail)).toEqual(['a-kept', 'b-kept']);
  });

  it('activity-logs: deletes activity records older than a year', async () => {
    const row = (userId: number | null, createdAt: string, title: string) => ({
      event_type: 'LOGIN_ATTEMPT',
      user_id: userId,
      title,
      status_code: 200,
      source: 'SERVER' as const,
      created_at: createdAt,
    });
    await t.db
      .insertInto('activity_logs')
      .values([
        row(familyA, pastLimit('activityLogs'), 'a-old'),
        row(familyB, pastLimit('activityLogs'), 'b-old'),
        row(familyA, insideLimit('activityLogs'), 'a-kept'),
        row(familyB, insideLimit('activityLogs'), 'b-kept'),
      ])
      .execute();
    expect(await purge('activity-logs')).toBe(2);
    const left = await t.db.selectFrom('activity_logs').select('title').orderBy('title').execute();
    expect(left.map((r) => r.title)).toEqual(['a-kept', 'b-kept']);
  });

  it('share-links: a day’s link lives 90 days, then answers not found', async () => {
    // NOW is 2026-11-20 in Seoul: 2026-08-22 is 90 days before it, 2026-08-21 is 91.
    await t.db
      .insertInto('share_days')
      .values([
        { uuid: '00000000-0000-4000-8000-00000000000a', user_id: familyA, day: '2026-08-21' },
        { uuid: '00000000-0000-4000-8000-00000000000b', user_id: familyA, day: '2026-08-22' },
        { uuid: '00000000-0000-4000-8000-00000000000c', user_id: familyB, day: '2026-11-19' },
      ])
      .execute();
    expect(await purge('share-links')).toBe(1);
    const left = await t.db.selectFrom('share_days').select('day').orderBy('day').execute();
    expect(left.map((r) => r.day)).toEqual(['2026-08-22', '2026-11-19']);
    await expect(
      t.app.services.missions.shared('00000000-0000-4000-8000-00000000000a', '2026-08-21'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  /** Uploads a photo of `ownerId` made at `createdAt`; answers its id and stored keys. */
  async function photoAt(ownerId: number, createdAt: string) {
    const photo = await t.app.services.files.upload(ownerId, await makeJpeg());
    await t.db.updateTable('files').set({ created_at: createdAt }).where('id', '=', photo.fileId).execute();
    return t.db
      .selectFrom('files')
      .select(['id', 'storage_key', 'thumbnail_key'])
      .where('id', '=', photo.fileId)
      .executeTakeFirstOrThrow();
  }
  const stored = (key: string) => t.app.services.files.read(key).then((bytes) => bytes !== null);

  /** A certification of `userId` (on a mission of its own) with one photo; answers both. */
  async function certificationWithPhoto(userId: number, day: string) {
    const [missionId] = await createMissions(t.db, 1);
    await certify(t.db, userId, missionId!, day);
    const certification = await t.db
      .selectFrom('mission_certifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('mission_id', '=', missionId!)
      .executeTakeFirstOrThrow();
    const photo = await photoAt(userId, `${day}T00:30:00.000Z`);
    expect(
      await t.app.services.files.attachToCertification({
        fileId: photo.id,
        ownerId: userId,
        certificationId: certification.id,
        sort: 0,
      }),
    ).toBe(true);
    return { certificationId: certification.id, photo };
  }

  it('pending-uploads: an upload no certification took goes after a day, rows and bytes', async () => {
    const old = await photoAt(familyA, pastLimit('pendingUploads'));
    const fresh = await photoAt(familyA, insideLimit('pendingUploads'));
    const otherFresh = await photoAt(familyB, insideLimit('pendingUploads'));
    const used = await certificationWithPhoto(familyB, '2026-10-01');
    expect(await purge('pending-uploads')).toBe(1);
    const left = new Set((await t.db.selectFrom('files').select('id').execute()).map((r) => r.id));
    expect(left.has(old.id)).toBe(false);
    expect(await stored(old.storage_key)).toBe(false);
    expect(await stored(old.thumbnail_key)).toBe(false);
    for (const kept of [fresh, otherFresh, used.photo]) {
      expect(left.has(kept.id)).toBe(true);
      expect(await stored(kept.storage_key)).toBe(true);
    }
  });

  it('orphan-photos: stored bytes no row names go an hour after they were written', async () => {
    const write = (key: string, writtenAt: string) => {
      const file = path.join(t.uploadDir, key.slice(0, 2), key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'x');
      fs.utimesSync(file, new Date(writtenAt), new Date(writtenAt));
    };
    write('zzorphanold1.jpg', pastLimit('orphanPhotos'));
    write('zzorphannew1.jpg', insideLimit('orphanPhotos'));
    // A photo a row names stays however old its bytes are.
    const named = await photoAt(familyB, insideLimit('pendingUploads'));
    fs.utimesSync(
      path.join(t.uploadDir, named.storage_key.slice(0, 2), named.storage_key),
      new Date(pastLimit('orphanPhotos')),
      new Date(pastLimit('orphanPhotos')),
    );
    expect(await purge('orphan-photos')).toBe(1);
    expect(await stored('zzorphanold1.jpg')).toBe(false);
    expect(await stored('zzorphannew1.jpg')).toBe(true);
    expect(await stored(named.storage_key)).toBe(true);
  });

  it('hidden-certification-photos: photos go 30 days after an operator hid the certification', async () => {
    const old = await certificationWithPhoto(familyA, '2026-10-02');
    const recent = await certificationWithPhoto(familyA, '2026-10-03');
    const shown = await certificationWithPhoto(familyB, '2026-10-04');
    const hide = (id: number, at: string) =>
      t.db
        .updateTable('mission_certifications')
        .set({ hidden_at: at, hidden_reason: '개인정보 노출' })
        .where('id', '=', id)
        .execute();
    await hide(old.certificationId, pastLimit('hiddenCertificationPhotos'));
    await hide(recent.certificationId, insideLimit('hiddenCertificationPhotos'));
    expect(await purge('hidden-certification-photos')).toBe(1);
    const left = new Set((await t.db.selectFrom('files').select('id').execute()).map((r) => r.id));
    expect(left.has(old.photo.id)).toBe(false);
    expect(await stored(old.photo.storage_key)).toBe(false);
    expect(await stored(old.photo.thumbnail_key)).toBe(false);
    expect(left.has(recent.photo.id)).toBe(true);
    expect(left.has(shown.photo.id)).toBe(true);
    // The hidden certification itself stays for its author.
    const certification = await t.db
      .selectFrom('mission_certifications')
      .select('hidden_reason')
      .where('id', '=', old.certificationId)
      .executeTakeFirst();
    expect(certification?.hidden_reason).toBe('개인정보 노출');
  });

  const future = new Date(NOW.getTime() + 60 * 60 * 1000).toISOString();
  const tokenRows = (kind: 'accessTokens' | 'autoLoginTokens', prefix: string) => [
    // Expired just past the limit, revoked just past it (its expiry still ahead): both go.
    { token_hash: `${prefix}-expired-old`, user_id: familyA, expires_at: pastLimit(kind), revoked_at: null },
    {
      token_hash: `${prefix}-revoked-old`,
      user_id: familyA,
      expires_at: future,
      revoked_at: pastLimit(kind),
    },
    // Expired or revoked just inside it, a live one, another family's: they stay.
    {
      token_hash: `${prefix}-expired-new`,
      user_id: familyA,
      expires_at: insideLimit(kind),
      revoked_at: null,
    },
    {
      token_hash: `${prefix}-revoked-new`,
      user_id: familyA,
      expires_at: future,
      revoked_at: insideLimit(kind),
    },
    { token_hash: `${prefix}-live`, user_id: familyA, expires_at: future, revoked_at: null },
    { token_hash: `${prefix}-b-live`, user_id: familyB, expires_at: future, revoked_at: null },
  ];
  const kept = (prefix: string) =>
    ['b-live', 'expired-new', 'live', 'revoked-new'].map((suffix) => `${prefix}-${suffix}`);

  it('access-tokens: tokens go 7 days after they expired or were revoked', async () => {
    await t.db
      .insertInto('access_tokens')
      .values(tokenRows('accessTokens', 'at').map((row) => ({ ...row, created_at: ago(30 * 86_400_000) })))
      .execute();
    expect(await purge('access-tokens')).toBe(2);
    const left = await t.db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('token_hash', 'like', 'at-%')
      .orderBy('token_hash')
      .execute();
    expect(left.map((r) => r.token_hash)).toEqual(kept('at'));
  });

  it('auto-login-tokens: auto-login cookies’ rows go 7 days after they expired or were revoked', async () => {
    await t.db
      .insertInto('auto_login_tokens')
      .values(tokenRows('autoLoginTokens', 'al').map((row) => ({ ...row, created_at: ago(40 * 86_400_000) })))
      .execute();
    expect(await purge('auto-login-tokens')).toBe(2);
    const left = await t.db
      .selectFrom('auto_login_tokens')
      .select('token_hash')
      .orderBy('token_hash')
      .execute();
    expect(left.map((r) => r.token_hash)).toEqual(kept('al'));
  });

  it('kakao-login-attempts: attempts go a day after they started, used or not', async () => {
    const row = (stateHash: string, createdAt: string, usedAt: string | null) => ({
      state_hash: stateHash,
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'http://localhost/login/auth',
      created_at: createdAt,
      used_at: usedAt,
    });
    await t.db
      .insertInto('kakao_login_attempts')
      .values([
        row('old-unused', pastLimit('kakaoLoginAttempts'), null),
        row('old-used', pastLimit('kakaoLoginAttempts'), pastLimit('kakaoLoginAttempts')),
        row('new-unused', insideLimit('kakaoLoginAttempts'), null),
        row('new-used', insideLimit('kakaoLoginAttempts'), insideLimit('kakaoLoginAttempts')),
      ])
      .execute();
    expect(await purge('kakao-login-attempts')).toBe(2);
    const left = await t.db
      .selectFrom('kakao_login_attempts')
      .select('state_hash')
      .orderBy('state_hash')
      .execute();
    expect(left.map((r) => r.state_hash)).toEqual(['new-unused', 'new-used']);
  });

  it('operator-sessions: console sessions go 30 days after they ended (end, sign-out or idle)', async () => {
    const operator = await t.db
      .insertInto('operators')
      .values({
        login_id: 'retention-op',
        password_hash: 'x',
        totp_secret: 'JBSWY3DPEHPK3PXP',
        role: 'support',
        created_at: ago(400 * 86_400_000),
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const idle = 30 * 60 * 1000;
    const session = (name: string, s: { expires: string; revoked?: string; lastSeen: string }) => ({
      token_hash: name,
      operator_id: operator.id,
      csrf_token: `csrf-${name}`,
      created_at: ago(60 * 86_400_000),
      last_seen_at: s.lastSeen,
      expires_at: s.expires,
      address: '127.0.0.1',
      revoked_at: s.revoked ?? null,
    });
    const limit = RETENTION.operatorSessions.ms;
    await t.db
      .insertInto('operator_sessions')
      .values([
        session('ended-old', { expires: pastLimit('operatorSessions'), lastSeen: ago(limit + idle * 3) }),
        session('signed-out-old', {
          expires: future,
          revoked: pastLimit('operatorSessions'),
          lastSeen: future,
        }),
        // Idle since 30 days and 31 minutes: its idle end was just past the limit.
        session('idle-old', { expires: future, lastSeen: ago(limit + idle + 60_000) }),
        // Idle since 30 days and 29 minutes: its idle end is just inside it.
        session('idle-new', { expires: future, lastSeen: ago(limit + idle - 60_000) }),
        session('ended-new', { expires: insideLimit('operatorSessions'), lastSeen: ago(limit) }),
        session('live', { expires: future, lastSeen: ago(1000) }),
      ])
      .execute();
    expect(await purge('operator-sessions')).toBe(3);
    const left = await t.db
      .selectFrom('operator_sessions')
      .select('token_hash')
      .orderBy('token_hash')
      .execute();
    expect(left.map((r) => r.token_hash)).toEqual(['ended-new', 'idle-new', 'live']);
  });

  it('runs every rule in one pass and keeps going past a failing rule', async () => {
    const errors: string[] = [];
    const rules = [
      { name: 'fails', purge: () => Promise.reject(new Error('boom')) },
      ...retentionRules(t.app.services),
    ];
    await expect(
      runRetention(rules, NOW, {
        info: () => {},
        error: (o) => errors.push(String((o as { rule: string }).rule)),
      }),
    ).rejects.toThrow('fails');
    expect(errors).toEqual(['fails']);
    // Nothing is left to purge after the tests above: a second pass removes nothing.
    const removed = await runRetention(retentionRules(t.app.services), NOW, quiet);
    expect(Object.values(removed).every((count) => count === 0)).toBe(true);
  });
});
