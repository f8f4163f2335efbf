import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * The link-preview card (og:image, 1200×630 PNG) of an invite link or of the app itself: an SVG
 * drawn with the machine's fonts (Noto Sans CJK, Noto Color Emoji) and turned into a PNG by sharp.
 * Cards are kept by the hash of what they show, so a change of name or dates draws a new one and
 * the same card is drawn once.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows, line by line. */
export interface CardContent {
  /** One emoji (a team's), drawn large; `null`: the app's mark. */
  emoji: string | null;
  title: string;
  /** Under the title: the round, the dates, the seats. */
  lines: string[];
  /** The small line at the bottom (`함께미션`). */
  footer: string;
}

/** Text for an SVG text node: the five characters XML gives a meaning to. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** At most `max` characters (by code point), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const FONT = "'Noto Sans CJK KR', 'Noto Sans KR', 'Apple SD Gothic Neo', sans-serif";

export function cardSvg(card: CardContent): string {
  const emoji = card.emoji ? clip(card.emoji, 2) : null;
  // A team's emoji is drawn apart (drawCard): librsvg draws colour emoji in black.
  const mark = emoji
    ? ''
    : `<circle cx="600" cy="170" r="70" fill="#f85f36"/><text x="600" y="200" font-family="${FONT}" font-size="80" font-weight="700" fill="#ffffff" text-anchor="middle">함</text>`;
  const lines = card.lines
    .slice(0, 2)
    .map(
      (line, index) =>
        `<text x="600" y="${418 + index * 56}" font-family="${FONT}" font-size="38" fill="#4e5968" text-anchor="middle">${escapeXml(clip(line, 34))}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff4f0"/><stop offset="1" stop-color="#ffe5dc"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
<rect x="40" y="40" width="1120" height="550" rx="40" fill="#ffffff"/>
${mark}
<text x="600" y="335" font-family="${FONT}" font-size="64" font-weight="700" fill="#191f28" text-anchor="middle">${escapeXml(clip(card.title, 22))}</text>
${lines}
<text x="600" y="560" font-family="${FONT}" font-size="30" font-weight="700" fill="#c93f18" text-anchor="middle">${escapeXml(card.footer)}</text>
</svg>`;
}

/** An emoji in colour (pango's text with `rgba`), fitted into a square of `size` pixels. */
async function drawEmoji(emoji: string, size: number): Promise<Buffer> {
  const drawn = await sharp({
    text: { text: `<span font="Noto Color Emoji 100">${escapeXml(emoji)}</span>`, rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer();
  return sharp(drawn)
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

const EMOJI_SIZE = 150;

/** The card as a PNG. */
export async function drawCard(card: CardContent): Promise<Buffer> {
  const base = sharp(Buffer.from(cardSvg(card)), { density: 72 }).resize(CARD_WIDTH, CARD_HEIGHT);
  const emoji = card.emoji ? clip(card.emoji, 2) : null;
  const layers = emoji
    ? [{ input: await drawEmoji(emoji, EMOJI_SIZE), left: (CARD_WIDTH - EMOJI_SIZE) / 2, top: 90 }]
    : [];
  return base.composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

/** A short, stable tag of what a card shows: its ETag and the `v` of its address. */
export function cardTag(card: CardContent): string {
  return createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 16);
}

/**
 * Drawn cards kept in memory, least recently used dropped first; `drawn` counts the cards actually
 * drawn (a test reads it to tell a kept card from a new one).
 */
export function createCardCache(options: { max: number; draw?: (card: CardContent) => Promise<Buffer> }) {
  const draw = options.draw ?? drawCard;
  const kept = new Map<string, Promise<Buffer>>();
  const stats = { drawn: 0 };
  return {
    stats,
    /** The card's PNG and its tag; `cached` when it was kept from before. */
    async get(card: CardContent): Promise<{ png: Buffer; tag: string; cached: boolean }> {
      const tag = cardTag(card);
      const hit = kept.get(tag);
      if (hit) {
        // Most recently used goes last.
        kept.delete(tag);
        kept.set(tag, hit);
        return { png: await hit, tag, cached: true };
      }
      stats.drawn += 1;
      const drawing = draw(card);
      kept.set(tag, drawing);
      drawing.catch(() => kept.delete(tag));
      while (kept.size > options.max) kept.delete(kept.keys().next().value!);
      return { png: await drawing, tag, cached: false };
    },
  };
}
export type CardCache = ReturnType<typeof createCardCache>;
