// The reference point of the benchmark: a bare Fastify route answering the same counts with the
// same SQL on the same SQLite file, without the app's plugins, contract validation or envelope.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { seoulDay } from '@hamkke/contract/dates';

const file = process.env.BENCH_DATABASE_FILE;
const port = Number(process.env.PORT ?? 0);
if (!file) throw new Error('BENCH_DATABASE_FILE is required');

const db = new Database(file, { readonly: true });
db.pragma('busy_timeout = 5000');
const countAll = db.prepare('select count(*) as count from "mission_certifications"');
const countToday = db.prepare(
  'select count(*) as count from "mission_certifications" where "certified_on" = ?',
);
const countUsers = db.prepare('select count(*) as count from "users" where "status" = ?');
const count = (statement: Database.Statement, ...args: unknown[]) =>
  Number((statement.get(...args) as { count: number }).count);

const app = Fastify({ logger: false });
app.post('/bare/common/total-user-mission', async () => ({
  response: { totalMissionCnt: count(countAll), totalUserCnt: count(countUsers, 'USER') },
}));
app.post('/bare/common/today-mission-certification-count', async () => ({
  response: count(countToday, seoulDay()),
}));
app.post('/bare/common/total-user-count', async () => ({ response: count(countUsers, 'USER') }));
app.post('/bare/common/total-mission-certification-count', async () => ({ response: count(countAll) }));
app.get('/health', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port });
