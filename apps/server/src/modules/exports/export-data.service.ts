import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { plainText } from '../../lib/rich-text.ts';
import type { ExportData, ExportPerson, ExportPhoto } from './export-album.ts';
import {
  findBadges,
  findCertifications,
  findFamily,
  findMedals,
  findPhotos,
  findRewards,
  findTeams,
} from './exports.repository.ts';

/** A photo of the export: where it goes in the ZIP (its bytes filled in as they are written) and where it is stored. */
export interface ExportPhotoSource {
  photo: ExportPhoto;
  storageKey: string;
}

/**
 * What a family export holds (decision 040): the family's records as `data.json` has them (and the
 * album is drawn from), with where each photo goes in the ZIP.
 */
export function createExportDataService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  /** The family's data, with where each photo goes in the ZIP (bytes filled in as they are written). */
  async function collect(familyUserId: number): Promise<{ data: ExportData; photos: ExportPhotoSource[] }> {
    const people = await findFamily(db, familyUserId);
    const ids = people.map((person) => person.id);
    const [certifications, photoRows, badges, medals, rewards, teams] = await Promise.all([
      findCertifications(db, ids),
      findPhotos(db, ids),
      findBadges(db, ids),
      findMedals(db, ids),
      findRewards(db, ids),
      findTeams(db, ids),
    ]);
    const photosByCertification = new Map<number, typeof photoRows>();
    for (const row of photoRows) {
      const list = photosByCertification.get(row.certification_id!) ?? [];
      list.push(row);
      photosByCertification.set(row.certification_id!, list);
    }
    const photos: ExportPhotoSource[] = [];
    const of = <T extends { user_id: number | null }>(rows: T[], userId: number) =>
      rows.filter((row) => row.user_id === userId);
    const data: ExportData = {
      format: 'hamkke-family-export',
      version: 1,
      exportedAt: clock().toISOString(),
      people: people.map((person): ExportPerson => ({
        userId: String(person.id),
        type: person.user_type,
        name: person.name,
        alias: person.alias,
        loginId: person.user_type === 'CHILD' ? person.login_id : null,
        joinedAt: person.created_at,
        certifications: of(certifications, person.id).map((row) => ({
          certificationId: String(row.id),
          day: row.certified_on,
          mission: {
            missionId: String(row.mission_id),
            title: row.mission_title,
            icon: row.mission_icon,
            round: row.round_title,
            challenge: row.challenge_title,
          },
          text: plainText(row.content_html),
          html: row.content_html,
          createdAt: row.created_at,
          hidden: row.hidden_at !== null,
          photos: (photosByCertification.get(row.id) ?? []).map((file, index) => {
            const extension = file.storage_key.endsWith('.jpg') ? 'jpg' : 'webp';
            const photo: ExportPhoto = {
              fileId: file.id,
              path: `photos/${person.id}/${row.certified_on}/${row.id}-${index + 1}.${extension}`,
              mimeType: file.mime_type,
              width: file.width,
              height: file.height,
              bytes: 0,
              missing: false,
            };
            photos.push({ photo, storageKey: file.storage_key });
            return photo;
          }),
        })),
        badges: of(badges, person.id).map((badge) => ({
          name: badge.name,
          description: badge.description,
          emoji: badge.emoji,
          achievedAt: badge.achieved_at,
        })),
        medals: of(medals, person.id).map((medal) => ({
          medal: medal.medal,
          rank: medal.rank,
          scope: medal.scope,
          team: medal.team_name,
          round: medal.round_title,
          grantedAt: medal.granted_at,
        })),
        rewards: of(rewards, person.id).map((reward) => ({
          kind: reward.kind,
          unit: reward.unit,
          amount: reward.amount,
          itemName: reward.item_name,
          status: reward.status,
          round: reward.round_title,
          grantedAt: reward.granted_at,
          settledAt: reward.settled_at,
        })),
        teams: of(teams, person.id).map((team) => ({
          team: team.team_name,
          emoji: team.team_emoji,
          role: team.role,
          round: team.round_title,
          challenge: team.challenge_title,
          joinedAt: team.joined_at,
        })),
      })),
    };
    return { data, photos };
  }

  return { collect };
}
export type ExportDataService = ReturnType<typeof createExportDataService>;
