import autocannon from 'autocannon';
import { makeJpeg, multipartBody } from '../apps/server/test/images.ts';
import { mintSession, startServer } from '../apps/server/test/spawn-server.ts';
const prof = process.env.PROF_DIR;
const app = await startServer({ LOG_LEVEL: 'warn', UPLOADS_PER_HOUR: '1000000', PENDING_UPLOADS_MAX: '1000000' }, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []);
try {
  const parent = mintSession(app.databaseFile, { kakaoId: '4281937465' });
  const jpeg = await makeJpeg({ width: 1600, height: 1200 });
  const { payload, contentType } = multipartBody('file', 'photo.jpg', 'image/jpeg', jpeg);
  const options = { url: `${app.baseUrl}/v1/api/front/common/upload`, method: 'POST' as const, headers: { authorization: `Bearer ${parent.token}`, 'content-type': contentType }, body: payload, connections: 4 };
  await autocannon({ ...options, duration: 1 });
  for (let i = 0; i < Number(process.env.ROUNDS ?? 2); i++) {
    const r = await autocannon({ ...options, duration: Number(process.env.SECONDS ?? 5) });
    console.log(`upload: ${r.requests.average} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} max ${r.latency.max} non2xx ${r.non2xx}`);
  }
} finally { await app.stop(); }
