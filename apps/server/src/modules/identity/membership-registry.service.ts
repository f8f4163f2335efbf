import type { RegistryCounts, RegistryImportRow } from '@hamkke/contract/admin/registry';
import { seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { maskPhone, readRegistryFile, type RegistryCsvRow } from './membership-registry.csv.ts';
import {
  findRegistryEntries,
  insertRegistryEntries,
  searchRegistry,
  updateRegistryEntry,
  type RegistryEntryRow,
} from './membership.repository.ts';

/** The dry run lists at most this many rows (the counts are always whole). */
const LISTED_ROWS = 1000;

type ChangedField = 'name' | 'phone' | 'birthDate';
interface PlannedRow extends RegistryCsvRow {
  status: RegistryImportRow['status'];
  changedFields: ChangedField[];
}

function changedFields(row: RegistryCsvRow, entry: RegistryEntryRow): ChangedField[] {
  const fields: ChangedField[] = [];
  if (entry.name !== row.name) fields.push('name');
  if ((toDomesticPhoneNumber(entry.phone) ?? entry.phone) !== row.phone) fields.push('phone');
  if (entry.birth_date !== row.birthDate) fields.push('birthDate');
  return fields;
}

/**
 * The membership registry (what membership verification checks people against), loaded from the
 * partner's CSV by the operator console. A dry run and an apply read the file the same way and
 * compare it with the registry the same way, so the apply does what the dry run said; the apply
 * writes everything in one transaction — the caller's when given one — or nothing.
 */
export function createMembershipRegistryService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function plan(executor: Kysely<Database>, file: Uint8Array) {
    const { encoding, rows } = readRegistryFile(file, seoulDay(clock()));
    const valid = rows.filter((row) => row.reasons.length === 0);
    const entries = new Map(
      (
        await findRegistryEntries(
          executor,
          valid.map((row) => row.memberNo),
        )
      ).map((entry) => [entry.member_no, entry]),
    );
    const planned: PlannedRow[] = rows.map((row) => {
      if (row.reasons.length > 0) return { ...row, status: 'REJECTED', changedFields: [] };
      const entry = entries.get(row.memberNo);
      if (!entry) return { ...row, status: 'NEW', changedFields: [] };
      const fields = changedFields(row, entry);
      return { ...row, status: fields.length > 0 ? 'CHANGED' : 'UNCHANGED', changedFields: fields };
    });
    const count = (status: PlannedRow['status']) => planned.filter((row) => row.status === status).length;
    const counts: RegistryCounts = {
      total: planned.length,
      new: count('NEW'),
      changed: count('CHANGED'),
      unchanged: count('UNCHANGED'),
      rejected: count('REJECTED'),
    };
    return { encoding, planned, counts };
  }

  const toImportRow = (row: PlannedRow): RegistryImportRow => ({
    row: row.row,
    status: row.status,
    memberNo: row.memberNo,
    name: row.name,
    phoneMasked: row.phone === '' ? '' : maskPhone(row.phone),
    changedFields: row.changedFields,
    reasons: row.reasons,
  });

  return {
    /** What applying the file (its bytes) would do, and the encoding it was read in; reads only. */
    async dryRun(file: Uint8Array) {
      const { encoding, planned, counts } = await plan(db, file);
      const listed = planned.filter((row) => row.status !== 'UNCHANGED');
      return {
        encoding,
        counts,
        rows: listed.slice(0, LISTED_ROWS).map(toImportRow),
        truncated: listed.length > LISTED_ROWS,
      };
    },

    /**
     * Applies a file with no rejected row (400 otherwise), when the registry still gives the dry
     * run's counts (409 otherwise); answers the encoding and the counts.
     */
    apply: (file: Uint8Array, expected: { new: number; changed: number }, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const { encoding, planned, counts } = await plan(executor, file);
        if (counts.rejected > 0) {
          throw new AppError('VALIDATION_FAILED', 'The file has rejected rows', [
            {
              path: 'file',
              code: 'INVALID',
              message: `${counts.rejected} rows are rejected; fix them first`,
            },
          ]);
        }
        if (counts.new !== expected.new || counts.changed !== expected.changed) {
          throw new AppError('CONFLICT', 'The registry changed since the dry run; run it again');
        }
        const stamp = clock().toISOString();
        await insertRegistryEntries(
          executor,
          planned
            .filter((row) => row.status === 'NEW')
            .map((row) => ({
              member_no: row.memberNo,
              name: row.name,
              phone: row.phone,
              birth_date: row.birthDate,
              created_at: stamp,
            })),
        );
        for (const row of planned.filter((item) => item.status === 'CHANGED')) {
          await updateRegistryEntry(executor, row.memberNo, {
            name: row.name,
            phone: row.phone,
            birth_date: row.birthDate,
            updated_at: stamp,
          });
        }
        return { encoding, counts };
      }),

    /** Entries by name, member number or a phone number's last four digits; phones masked. */
    async search(input: { query: string; offset: number; limit: number }) {
      const page = await searchRegistry(db, input);
      return {
        total: page.total,
        items: page.rows.map((row) => ({
          memberNo: row.member_no,
          name: row.name,
          phoneMasked: maskPhone(row.phone),
          hasBirthDate: row.birth_date !== null,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        })),
      };
    },
  };
}
export type MembershipRegistryService = ReturnType<typeof createMembershipRegistryService>;
