import { describe, expect, it } from 'vitest';
import { chromeFor } from './chrome.ts';

describe('chromeFor (spec §2)', () => {
  it('shows header, bottom nav and footer on /home', () => {
    expect(chromeFor('/home')).toEqual({ header: true, bottomNav: true, footer: true, theme: 'default' });
  });

  it.each(['/challenge', '/team', '/my', '/team/'])('shows header and bottom nav on %s', (path) => {
    expect(chromeFor(path)).toEqual({ header: true, bottomNav: true, footer: false, theme: 'default' });
  });

  it('paints /active green', () => {
    expect(chromeFor('/active')).toEqual({ header: true, bottomNav: true, footer: false, theme: 'green' });
  });

  it('keeps the green theme on /active sub-pages, without the frame', () => {
    expect(chromeFor('/active/history')).toEqual({
      header: false,
      bottomNav: false,
      footer: false,
      theme: 'green',
    });
  });

  it('shows only the footer on /login/auth', () => {
    expect(chromeFor('/login/auth')).toEqual({
      header: false,
      bottomNav: false,
      footer: true,
      theme: 'default',
    });
  });

  it.each([
    '/',
    '/home/notice',
    '/challenge/history',
    '/team/create',
    '/team/1/always/2',
    '/my/faq',
    '/login/children',
    '/terms',
    '/activex',
    '/nowhere',
  ])('shows no frame on %s', (path) => {
    expect(chromeFor(path)).toMatchObject({ header: false, bottomNav: false, footer: false });
  });

  it('does not paint look-alike paths green', () => {
    expect(chromeFor('/activex').theme).toBe('default');
  });
});
