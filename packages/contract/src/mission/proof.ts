/* Without zod: /home's first load checks a certification with this (mission.ts builds its schemas from it). */

/** Limits of a certification (product.md): up to 3 photos and a short text. */
export const MAX_PHOTOS_PER_CERTIFICATION = 3;
export const MAX_CERTIFICATION_TEXT_LENGTH = 1000;

export const proofTypes = ['PHOTO', 'TEXT', 'PHOTO_TEXT'] as const;
export type ProofType = (typeof proofTypes)[number];

/** 사진 인증과 사진+글 인증은 사진이 한 장 이상 있어야 해요. */
export function needsPhoto(proofType: ProofType): boolean {
  return proofType !== 'TEXT';
}

/** 글 인증과 사진+글 인증은 글이 있어야 해요. */
export function needsText(proofType: ProofType): boolean {
  return proofType !== 'PHOTO';
}
