import { describe, expect, it } from 'vitest';
import { appIconFor } from './app-icon-set.ts';

describe('appIconFor', () => {
  // Every mission and badge emoji of the demo data (apps/server/src/db/seed/) has a drawn icon.
  it.each([
    '💧',
    '🚶',
    '✍️',
    '🧘',
    '📚',
    '📞',
    '🌱',
    '🔥',
    '⚡',
    '🌟',
    '💎',
    '👑',
    '✋',
    '🎯',
    '💯',
    '🗓️',
    '🤝',
    '💌',
    '🏆',
  ])('draws %s', (emoji) => {
    expect(appIconFor(emoji)).not.toBeNull();
  });

  it('reads an emoji without its presentation selector, skin tone or joined parts', () => {
    expect(appIconFor('✍🏽')).toBe(appIconFor('✍'));
    expect(appIconFor('🚶‍♀️')).toBe(appIconFor('🚶'));
    expect(appIconFor('☀️')).toBe(appIconFor('☀'));
  });

  it('takes a plain key too, and says null for what it does not know', () => {
    expect(appIconFor('water')).toBe(appIconFor('💧'));
    expect(appIconFor(' Walk ')).toBe(appIconFor('🚶'));
    expect(appIconFor('🦄')).toBeNull();
  });
});
