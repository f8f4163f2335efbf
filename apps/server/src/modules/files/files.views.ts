import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules' repositories may compose of the files table (decision 016): the stored photos
 * of certifications, read only (uploads and deletions are the files service's).
 */
export function certificationPhotosView(db: Kysely<Database>) {
  return db
    .selectFrom('files')
    .select([
      'id',
      'owner_user_id',
      'certification_id',
      'sort',
      'storage_key',
      'mime_type',
      'width',
      'height',
      'bytes',
    ])
    .where('certification_id', 'is not', null);
}
