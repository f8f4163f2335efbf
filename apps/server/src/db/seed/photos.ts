import type { Insertable, Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../../lib/storage.ts';
import type { Database, FilesTable } from '../schema.ts';
import { pick, pseudoRandom } from './moments.ts';

/** A photo drawn for the demo: the stored JPEG and its WebP thumbnail, as an upload leaves them. */
interface DrawnPhoto {
  main: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** Colour families by mission, so water looks blue and a walk green; the rest is drawn at random. */
const PALETTES: Record<string, string[][]> = {
  water: [
    ['#cfe9ff', '#5aa9e6', '#1f6fb2'],
    ['#e0f7fa', '#4dd0e1', '#00838f'],
    ['#e8f0ff', '#7fa7ff', '#3451b2'],
  ],
  walk: [
    ['#e8f5e9', '#81c784', '#2e7d32'],
    ['#fff8e1', '#aed581', '#558b2f'],
    ['#fbe9e7', '#ffab91', '#6d4c41'],
  ],
  stretch: [
    ['#fff3e0', '#ffb74d', '#e65100'],
    ['#fce4ec', '#f48fb1', '#ad1457'],
    ['#f3e5f5', '#ce93d8', '#6a1b9a'],
  ],
  book: [
    ['#efebe9', '#bcaaa4', '#4e342e'],
    ['#fffde7', '#fff176', '#f57f17'],
    ['#e3f2fd', '#90caf9', '#0d47a1'],
  ],
};

export type PhotoTheme = keyof typeof PALETTES;

/** The theme of a mission's photos, from its title. */
export function themeOf(missionTitle: string): PhotoTheme {
  if (missionTitle.includes('물')) return 'water';
  if (missionTitle.includes('산책')) return 'walk';
  if (missionTitle.includes('스트레칭')) return 'stretch';
  return 'book';
}

const WIDTH = 640;
const HEIGHT = 480;

/** One picture as SVG: a gradient sky, a ground line and a few soft shapes, all from the seed number. */
function pictureSvg(theme: PhotoTheme, seed: number): string {
  const random = pseudoRandom(seed);
  const palettes = PALETTES[theme]!;
  const [light, middle, deep] = palettes[seed % palettes.length]!;
  const angle = pick(random, 0, 359);
  const horizon = pick(random, 300, 460);
  const shapes: string[] = [];
  for (let index = 0, count = pick(random, 3, 7); index < count; index += 1) {
    const colour = [light, middle, deep, '#ffffff'][pick(random, 0, 3)]!;
    const opacity = (0.25 + random() * 0.6).toFixed(2);
    const x = pick(random, 40, WIDTH - 40);
    const y = pick(random, 40, HEIGHT - 40);
    const size = pick(random, 30, 170);
    switch (pick(random, 0, 2)) {
      case 0:
        shapes.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="${colour}" fill-opacity="${opacity}"/>`);
        break;
      case 1:
        shapes.push(
          `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="${pick(random, 4, 40)}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${pick(random, -30, 30)} ${x} ${y})"/>`,
        );
        break;
      default:
        shapes.push(
          `<polygon points="${x},${y - size} ${x + size},${y + size} ${x - size},${y + size}" fill="${colour}" fill-opacity="${opacity}"/>`,
        );
    }
  }
  const wave = pick(random, 20, 70);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="sky" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${middle}"/>
    </linearGradient>
    <radialGradient id="sun" cx="${(random() * 0.8 + 0.1).toFixed(2)}" cy="${(random() * 0.4 + 0.1).toFixed(2)}" r="0.35">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sun)"/>
  ${shapes.join('\n  ')}
  <path d="M0 ${horizon} Q ${WIDTH / 4} ${horizon - wave} ${WIDTH / 2} ${horizon} T ${WIDTH} ${horizon} V ${HEIGHT} H 0 Z" fill="${deep}" fill-opacity="0.85"/>
</svg>`;
}

/** Draws one photo: a small JPEG (as the upload path stores it) and a WebP thumbnail. */
export async function drawPhoto(theme: PhotoTheme, seed: number): Promise<DrawnPhoto> {
  // Rendered once to pixels, then encoded twice (fast settings: seeding stays quick).
  const { data, info } = await sharp(Buffer.from(pictureSvg(theme, seed)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [main, thumbnail] = await Promise.all([
    sharp(data, pixels).jpeg({ quality: 75 }).toBuffer(),
    sharp(data, pixels).resize({ width: 320 }).webp({ quality: 70, effort: 0 }).toBuffer(),
  ]);
  return { main, thumbnail, width: WIDTH, height: HEIGHT };
}

/** Distinct pictures drawn per theme; certifications take turns with them (each stored on its own). */
const PICTURES_PER_THEME = 6;
/** The pictures' own seed: the same pictures on every run. */
const PICTURE_SEED = 20261126;
/** Pictures drawn in this process, kept for the next seeding step or reseed (a few hundred KB). */
const drawn = new Map<string, Promise<DrawnPhoto>>();

function picture(theme: PhotoTheme, index: number): Promise<DrawnPhoto> {
  const key = `${theme}:${index}`;
  if (!drawn.has(key)) drawn.set(key, drawPhoto(theme, PICTURE_SEED + index * 7919 + theme.length));
  return drawn.get(key)!;
}

/** Photos written to the storage at once while seeding (each a main photo and a thumbnail). */
const WRITES_AT_ONCE = 8;
/** Tries of one photo's write before the seed fails, half a second apart. */
const WRITE_TRIES = 3;

async function withRetries(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= WRITE_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Gives photo certifications their photos: pictures drawn once per theme (the same on every run;
 * `seed` picks which and how many each certification shows), each certification's own copy stored through the app's photo storage under a fresh
 * server-made name, with its `files` row. Returns how many photos were stored.
 */
export async function seedCertificationPhotos(
  db: Kysely<Database>,
  storage: FileStorage,
  certifications: readonly {
    id: number;
    userId: number;
    theme: PhotoTheme;
    createdAt: string;
  }[],
  seed: number,
): Promise<number> {
  const random = pseudoRandom(seed);
  const rows: Insertable<FilesTable>[] = [];
  const writes: (() => Promise<void>)[] = [];
  for (const certification of certifications) {
    // Most certifications show one photo, some two or three.
    const roll = random();
    const count = roll < 0.75 ? 1 : roll < 0.93 ? 2 : 3;
    for (let sort = 0; sort < count; sort += 1) {
      const photo = picture(certification.theme, pick(random, 0, PICTURES_PER_THEME - 1));
      const id = randomBytes(18).toString('base64url');
      const row = {
        id,
        owner_user_id: certification.userId,
        certification_id: certification.id,
        sort,
        storage_key: `${id}.jpg`,
        thumbnail_key: `${id}_t.webp`,
        mime_type: 'image/jpeg',
        width: WIDTH,
        height: HEIGHT,
        bytes: 0,
        // The demo's pictures repeat across certifications on purpose: they carry no perceptual
        // hash, so none is taken for a reused photo (the seed flags one pair of its own).
        photo_hash: null,
        photo_windows: null,
        // Uploaded a minute or two before the certification was sent.
        created_at: new Date(
          Date.parse(certification.createdAt) - pick(random, 30, 150) * 1000,
        ).toISOString(),
      };
      rows.push(row);
      writes.push(async () => {
        const { main, thumbnail } = await photo;
        row.bytes = main.length;
        await Promise.all([
          storage.put(row.storage_key, main, 'image/jpeg'),
          storage.put(row.thumbnail_key, thumbnail, 'image/webp'),
        ]);
      });
    }
  }
  // Bytes first, rows after (as an upload does): a row never names missing bytes. A store that is slow
  // for a moment (a busy machine, a bucket's throttling) fails a write on its time-out: it is tried
  // again before the seed gives up, and fewer at once keep each one's wait short.
  for (let index = 0; index < writes.length; index += WRITES_AT_ONCE) {
    await Promise.all(writes.slice(index, index + WRITES_AT_ONCE).map(withRetries));
  }
  for (let index = 0; index < rows.length; index += 200) {
    await db
      .insertInto('files')
      .values(rows.slice(index, index + 200))
      .execute();
  }
  return rows.length;
}
