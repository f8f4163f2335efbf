import { z } from 'zod';
import { proofTypes } from './proof.ts';

export {
  MAX_CERTIFICATION_TEXT_LENGTH,
  MAX_PHOTOS_PER_CERTIFICATION,
  needsPhoto,
  needsText,
  proofTypes,
  type ProofType,
} from './proof.ts';

export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a YYYY-MM month');

export const challengeTypeSchema = z.enum(['challenge', 'always']);
export const proofTypeSchema = z.enum(proofTypes);

export const missionSchema = z.object({
  missionId: z.string(),
  subChallengeId: z.string(),
  challengeId: z.string(),
  challengeType: challengeTypeSchema,
  challengeTitle: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  proofType: proofTypeSchema,
  /** The example in the empty certification text box, the mission's own; '' for the app's general one. */
  textPlaceholder: z.string(),
});
export type Mission = z.infer<typeof missionSchema>;

export const photoSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

/** One person's proof of one mission on one day. */
export const certificationSchema = z.object({
  certificationId: z.string(),
  missionId: z.string(),
  missionTitle: z.string(),
  icon: z.string(),
  challengeType: challengeTypeSchema,
  date: z.string(),
  /** Sanitized on the server to an allow-list before it is stored. */
  contentHtml: z.string(),
  photos: z.array(photoSchema),
  createdAt: z.string(),
  /** The author may delete it on the same (Seoul) day. */
  deletable: z.boolean(),
  /**
   * Why an operator hid it (only its author still sees it, with this reason); `null` when shown.
   * Never on shared pages.
   */
  hiddenReason: z.string().nullable(),
});
export type Certification = z.infer<typeof certificationSchema>;

export const dayMissionSchema = missionSchema.extend({
  /** Certified today, and the certification counts (an operator did not hide it). */
  certified: z.boolean(),
  certificationId: z.string().nullable(),
  /** Today's certification was hidden by an operator: it counts for nothing and cannot be shared. */
  hidden: z.boolean(),
});
export type DayMission = z.infer<typeof dayMissionSchema>;

export {
  MAX_LATE_CERTIFICATIONS_PER_DAY,
  OFFLINE_CERTIFICATION_WINDOW_HOURS,
  offlineCertificationDay,
} from './offline.ts';
