import type { Faq } from '@hamkke/contract/home/content';

/** FAQ entries by category, categories in the order their first entry comes. */
export function groupFaqs(faqs: readonly Faq[]): Array<{ category: string; faqs: Faq[] }> {
  const groups = new Map<string, Faq[]>();
  for (const faq of faqs) {
    const group = groups.get(faq.category);
    if (group) group.push(faq);
    else groups.set(faq.category, [faq]);
  }
  return [...groups].map(([category, items]) => ({ category, faqs: items }));
}
