import sharp from 'sharp';

/**
 * Synthetic photos for measuring the perceptual hash (decision 069): distinct pictures drawn from a
 * seeded random source (gradients, shapes, a line of text), and the copies a cheater would upload —
 * re-encoded, resized, cropped by up to 10 %, lighter or darker.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

const WORDS = ['물 2리터', '산책 30분', '스트레칭', '독서', '줄넘기', '채소 먹기', '일찍 자기', '가족 사진'];

/** An SVG picture of `width`×`height` drawn from `random`. */
export function drawPicture(random: () => number, width = 640, height = 480): string {
  const colour = () =>
    `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes: string[] = [];
  const count = 12 + Math.floor(random() * 18);
  for (let i = 0; i < count; i += 1) {
    const x = random() * width;
    const y = random() * height;
    const size = 30 + random() * 220;
    const kind = Math.floor(random() * 3);
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/>`);
    else if (kind === 1)
      shapes.push(
        `<rect x="${x - size / 2}" y="${y - size / 3}" width="${size}" height="${(size * 2) / 3}" fill="${colour()}" transform="rotate(${random() * 90} ${x} ${y})"/>`,
      );
    else
      shapes.push(
        `<polygon points="${x},${y - size / 2} ${x + size / 2},${y + size / 2} ${x - size / 2},${y + size / 2}" fill="${colour()}"/>`,
      );
  }
  const word = WORDS[Math.floor(random() * WORDS.length)]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}
<text x="${20 + random() * 200}" y="${60 + random() * 360}" font-size="${28 + random() * 40}" fill="${colour()}">${word}</text></svg>`;
}

/** A distinct photo, as a phone's JPEG. */
export function distinctPhoto(seed: number): Promise<Buffer> {
  return sharp(Buffer.from(drawPicture(seededRandom(seed))))
    .jpeg({ quality: 90 })
    .toBuffer();
}

export type CopyKind = 're-encoded' | 'resized' | 'cropped' | 'brightness' | 'all';

/** The copy of `original` a person would upload again. */
export async function copyOf(original: Buffer, kind: CopyKind, random: () => number): Promise<Buffer> {
  const { width = 640, height = 480 } = await sharp(original).metadata();
  let image = sharp(original);
  if (kind === 'cropped' || kind === 'all') {
    // Up to 10 % of each edge's length in all, split between the two sides.
    const cutX = Math.floor(width * 0.1 * random());
    const cutY = Math.floor(height * 0.1 * random());
    const left = Math.floor(cutX * random());
    const top = Math.floor(cutY * random());
    image = sharp(await image.extract({ left, top, width: width - cutX, height: height - cutY }).toBuffer());
  }
  if (kind === 'resized' || kind === 'all') {
    image = image.resize({ width: Math.round(width * (0.3 + random() * 0.9)) });
  }
  if (kind === 'brightness' || kind === 'all') {
    image = image.modulate({ brightness: 0.75 + random() * 0.5 });
  }
  const quality = kind === 're-encoded' || kind === 'all' ? 40 + Math.floor(random() * 40) : 85;
  return image.jpeg({ quality }).toBuffer();
}
