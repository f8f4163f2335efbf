import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Registry entries for a name; phone numbers are compared by the caller after normalizing. */
export async function findRegistryByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('membership_registry')
    .select(['member_no', 'name', 'phone'])
    .where('name', '=', name)
    .execute();
}

export async function findRegistryByMemberNo(db: Kysely<Database>, memberNo: string) {
  return db
    .selectFrom('membership_registry')
    .select(['member_no', 'name', 'phone', 'birth_date'])
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
}

export interface RegistryEntryRow {
  member_no: string;
  name: string;
  phone: string;
  birth_date: string | null;
  created_at: string;
  updated_at: string | null;
}

const CHUNK = 500;

/** The entries with these member numbers (asked in chunks: parameter limits differ by database). */
export async function findRegistryEntries(
  db: Kysely<Database>,
  memberNos: readonly string[],
): Promise<RegistryEntryRow[]> {
  const rows: RegistryEntryRow[] = [];
  for (let at = 0; at < memberNos.length; at += CHUNK) {
    const part = memberNos.slice(at, at + CHUNK);
    rows.push(
      ...(await db
        .selectFrom('membership_registry')
        .select(['member_no', 'name', 'phone', 'birth_date', 'created_at', 'updated_at'])
        .where('member_no', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export async function insertRegistryEntries(
  db: Kysely<Database>,
  rows: readonly Omit<RegistryEntryRow, 'updated_at'>[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) {
    await db
      .insertInto('membership_registry')
      .values(rows.slice(at, at + CHUNK).map((row) => ({ ...row, updated_at: null })))
      .execute();
  }
}

export async function updateRegistryEntry(
  db: Kysely<Database>,
  memberNo: string,
  change: { name: string; phone: string; birth_date: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('membership_registry').set(change).where('member_no', '=', memberNo).execute();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Entries by name (its start), member number (exactly, or its start) or, for four digits, the
 * phone number's last digits; by name then member number.
 */
export async function searchRegistry(
  db: Kysely<Database>,
  input: { query: string; offset: number; limit: number },
) {
  const query = input.query.trim();
  const upper = query.toUpperCase();
  const base = db.selectFrom('membership_registry').where((eb) => {
    const any = [like('name', `${escapeLike(query)}%`), like('member_no', `${escapeLike(upper)}%`)];
    if (/^\d{4}$/.test(query)) any.push(like('phone', `%${query}`));
    return eb.or(any);
  });
  const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['member_no', 'name', 'phone', 'birth_date', 'created_at', 'updated_at'])
    .orderBy('name')
    .orderBy('member_no')
    .offset(input.offset)
    .limit(input.limit)
    .execute();
  return { total: Number(total.count), rows };
}

/** LIKE with `\` as the escape character on both databases (SQLite has none by default). */
function like(column: 'name' | 'member_no' | 'phone', pattern: string) {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
