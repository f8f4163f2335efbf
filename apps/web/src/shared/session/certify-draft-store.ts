import type { Photo } from '@hamkke/contract/mission/mission';
import { certifyDraftsKeyOf } from './certify-drafts.ts';

/**
 * A certification being written, kept on this device for its writer (issue 25): its text and the
 * photos already uploaded survive the session's end and come back at the next login of the same
 * person, for the same mission on the same Seoul day. Logout and withdrawal discard them; so do
 * sending the certification and closing its sheet. localStorage, one entry per person
 * (certify-drafts.ts).
 */

export interface CertifyDraft {
  /** The Seoul day it was written for: a draft of another day is not offered. */
  day: string;
  html: string;
  photos: Photo[];
}

const keyOf = certifyDraftsKeyOf;

function isPhoto(value: unknown): value is Photo {
  if (value === null || typeof value !== 'object') return false;
  const photo = value as Record<string, unknown>;
  return (
    typeof photo.fileId === 'string' &&
    typeof photo.url === 'string' &&
    typeof photo.thumbnailUrl === 'string' &&
    typeof photo.width === 'number' &&
    typeof photo.height === 'number'
  );
}

function isDraft(value: unknown): value is CertifyDraft {
  if (value === null || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.day === 'string' &&
    typeof draft.html === 'string' &&
    Array.isArray(draft.photos) &&
    draft.photos.every(isPhoto)
  );
}

function readAll(userId: string): Record<string, CertifyDraft> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '{}') as unknown;
    if (parsed === null || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, draft]) => isDraft(draft))) as Record<
      string,
      CertifyDraft
    >;
  } catch {
    return {};
  }
}

function writeAll(userId: string, drafts: Record<string, CertifyDraft>): void {
  try {
    if (Object.keys(drafts).length === 0) window.localStorage.removeItem(keyOf(userId));
    else window.localStorage.setItem(keyOf(userId), JSON.stringify(drafts));
  } catch (error) {
    console.warn('[certify] could not keep the draft on this device', error);
  }
}

/** This person's draft of the mission for `day`, or `null` (none, or one of another day). */
export function readCertifyDraft(userId: string, missionId: string, day: string): CertifyDraft | null {
  const draft = readAll(userId)[missionId];
  return draft && draft.day === day ? draft : null;
}

/** Keeps the draft, or drops it when `draft` is `null` or holds nothing. Drafts of other days go. */
export function saveCertifyDraft(userId: string, missionId: string, draft: CertifyDraft | null): void {
  const drafts = Object.fromEntries(
    Object.entries(readAll(userId)).filter(([id, kept]) => id !== missionId && kept.day === draft?.day),
  );
  if (draft && (draft.html !== '' || draft.photos.length > 0)) drafts[missionId] = draft;
  writeAll(userId, drafts);
}

/** Tags the editor makes (the server's allow-list keeps the same); anything else is dropped. */
const DRAFT_TAGS = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'UL', 'OL', 'LI', 'BLOCKQUOTE']);

/** A kept draft's HTML before it goes back into the editor: the allowed tags, no attributes. */
export function cleanDraftHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const clean = (parent: Node) => {
    for (const node of Array.from(parent.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) continue;
      if (node instanceof Element && DRAFT_TAGS.has(node.tagName)) {
        for (const attribute of Array.from(node.attributes)) node.removeAttribute(attribute.name);
        clean(node);
        continue;
      }
      if (node instanceof Element) {
        // Its text stays; the element does not.
        clean(node);
        node.replaceWith(...Array.from(node.childNodes));
      } else node.remove();
    }
  };
  clean(template.content);
  return template.innerHTML;
}
