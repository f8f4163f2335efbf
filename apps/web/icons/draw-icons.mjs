// Draws the app's install icons (apps/web/public/icons/*.png) from the SVGs beside this file with sharp.
// Run after changing a drawing: `node apps/web/icons/draw-icons.mjs`; the PNGs are committed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'public', 'icons');
const drawings = [
  { svg: 'app-icon.svg', file: 'icon-192.png', size: 192 },
  { svg: 'app-icon.svg', file: 'icon-512.png', size: 512 },
  { svg: 'maskable-icon.svg', file: 'maskable-512.png', size: 512 },
  // iOS draws its own rounded corners over a full square: the maskable drawing fits it.
  { svg: 'maskable-icon.svg', file: 'apple-touch-icon.png', size: 180 },
];
for (const { svg, file, size } of drawings) {
  await sharp(path.join(here, svg), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.info(`drew ${file} (${size}×${size})`);
}
