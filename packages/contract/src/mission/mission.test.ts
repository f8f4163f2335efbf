import { describe, expect, it } from 'vitest';
import { needsPhoto, needsText } from './mission.ts';

describe('proof rules', () => {
  it('asks for a photo and for text by proof type', () => {
    expect([needsPhoto('PHOTO'), needsPhoto('TEXT'), needsPhoto('PHOTO_TEXT')]).toEqual([true, false, true]);
    expect([needsText('PHOTO'), needsText('TEXT'), needsText('PHOTO_TEXT')]).toEqual([false, true, true]);
  });
});
