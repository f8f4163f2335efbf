import type { Faq } from '@hamkke/contract/home/content';
import { describe, expect, it } from 'vitest';
import { groupFaqs } from './help-rules.ts';

const faq = (faqId: string, category: string): Faq => ({
  faqId,
  category,
  question: `q${faqId}`,
  answer: 'a',
});

describe('FAQ groups', () => {
  it('keeps the operator order of categories and entries', () => {
    const groups = groupFaqs([faq('1', 'account'), faq('2', 'mission'), faq('3', 'account')]);
    expect(groups.map((g) => [g.category, g.faqs.map((f) => f.faqId)])).toEqual([
      ['account', ['1', '3']],
      ['mission', ['2']],
    ]);
    expect(groupFaqs([])).toEqual([]);
  });
});
