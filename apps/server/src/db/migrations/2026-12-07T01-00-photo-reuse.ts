import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

/**
 * Issue 46 item 5 (decision 069): a photo's perceptual hash (files), and the certifications made with
 * a photo near one of another day or another family (reports). Photos stored before keep no hash and
 * are never matched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('photo_hash', 'text').execute();
  /** The hashes of the photo's windows, comma-separated (a cropped copy's hash is near one). */
  await db.schema.alterTable('files').addColumn('photo_windows', 'text').execute();

  await db.schema
    .createTable('photo_reuse_flags')
    .addColumn('certification_id', 'integer', (col) =>
      col.primaryKey().references('mission_certifications.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (col) => col.notNull())
    /** The earlier certification whose photo it matches (the nearest one). */
    .addColumn('matched_certification_id', 'integer', (col) =>
      col.notNull().references('mission_certifications.id').onDelete('cascade'),
    )
    .addColumn('matched_file_id', 'text', (col) => col.notNull())
    .addColumn('distance', 'integer', (col) => col.notNull())
    /** SAME_FAMILY (another day) or OTHER_FAMILY. */
    .addColumn('scope', 'text', (col) => col.notNull())
    /** OPEN, VOIDED, DISMISSED. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer')
    /** A void is told to its author until they acknowledge it. */
    .addColumn('author_notice_at', 'text')
    .addColumn('author_seen_at', 'text')
    .execute();
  await db.schema
    .createIndex('photo_reuse_flags_status_idx')
    .on('photo_reuse_flags')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('photo_reuse_flags_matched_idx')
    .on('photo_reuse_flags')
    .column('matched_certification_id')
    .execute();
  await db.schema
    .createIndex('photo_reuse_flags_author_idx')
    .on('photo_reuse_flags')
    .column('author_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_reuse_flags').execute();
  await db.schema.alterTable('files').dropColumn('photo_windows').execute();
  await db.schema.alterTable('files').dropColumn('photo_hash').execute();
}
