import { describe, expect, it } from 'vitest';
import { parseHashes, photoHashes, REUSE_DISTANCE, reuseDistance, type HashWords } from './photo-hash.ts';
import { copyOf, distinctPhoto, seededRandom, type CopyKind } from './synthetic-photos.ts';

/**
 * The reused-photo rule measured (decision 069): 500 distinct synthetic photos and a copy of each
 * (re-encoded, resized, cropped by up to 10 %, lighter or darker, or all of these at once). At
 * {@link REUSE_DISTANCE} at least 95 % of copies are found and at most one distinct photo is taken
 * for another.
 */
describe('perceptual hash of photos', () => {
  it('finds reused photos and leaves distinct ones alone', { timeout: 240_000 }, async () => {
    const count = 500;
    const originals: HashWords[] = [];
    const kinds: CopyKind[] = ['re-encoded', 'resized', 'cropped', 'brightness', 'all'];
    const random = seededRandom(46);
    const found = new Map<CopyKind, number>(kinds.map((kind) => [kind, 0]));
    const copyDistances: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const photo = await distinctPhoto(5000 + i);
      const original = parseHashes(await photoHashes(photo));
      originals.push(original);
      const kind = kinds[i % kinds.length]!;
      const copy = parseHashes(await photoHashes(await copyOf(photo, kind, random)));
      const distance = reuseDistance(copy, original);
      copyDistances.push(distance);
      if (distance <= REUSE_DISTANCE) found.set(kind, found.get(kind)! + 1);
    }
    let falseFlags = 0;
    let nearestDistinct = Infinity;
    for (let i = 0; i < count; i += 1) {
      let nearest = Infinity;
      for (let j = 0; j < count; j += 1) {
        if (i !== j) nearest = Math.min(nearest, reuseDistance(originals[i]!, originals[j]!));
      }
      nearestDistinct = Math.min(nearestDistinct, nearest);
      if (nearest <= REUSE_DISTANCE) falseFlags += 1;
    }
    const detected = [...found.values()].reduce((sum, n) => sum + n, 0);
    console.info(
      `photo reuse at ${REUSE_DISTANCE} bits: ${detected}/${count} copies found (${((detected / count) * 100).toFixed(1)} %; ` +
        kinds.map((kind) => `${kind} ${found.get(kind)}/${count / kinds.length}`).join(', ') +
        `; farthest copy found ${Math.max(...copyDistances.filter((d) => d <= REUSE_DISTANCE))} bits), ${falseFlags}/${count} distinct photos flagged ` +
        `(nearest distinct pair ${nearestDistinct} bits)`,
    );
    expect(detected / count).toBeGreaterThanOrEqual(0.95);
    expect(falseFlags).toBeLessThanOrEqual(1);
  });
});
