import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error.ts';
import { certifyErrorFeedback } from '../certify-rules.ts';
import { certifyMessages } from '@/shared/messages/missions.ts';

const calls: { path: string; body: unknown }[] = [];
const answers = new Map<string, () => unknown>();

vi.mock('@/shared/api/client.ts', () => ({
  callApi: vi.fn((endpoint: { path: string }, body: unknown) => {
    calls.push({ path: endpoint.path, body });
    const answer = answers.get(endpoint.path);
    return answer ? Promise.resolve().then(answer) : Promise.reject(new Error(`unexpected ${endpoint.path}`));
  }),
}));

const { certifyCheckingWords } = await import('./certification.ts');

const certification = { certificationId: 'c1' };

describe('certifying asks common/forbidden-word first (spec §7, issue 27)', () => {
  beforeEach(() => {
    calls.length = 0;
    answers.clear();
    answers.set('home/mission-certification', () => certification);
  });

  it('sends nothing when the text holds listed words, and shows them next to the text', async () => {
    answers.set('common/forbidden-word', () => ({ forbidden: true, words: ['바보', '도박'] }));
    const error = await certifyCheckingWords({
      missionId: '1',
      contentHtml: '<p>바보</p>',
      fileIds: [],
    }).catch((caught: unknown) => caught);
    expect(calls.map((call) => call.path)).toEqual(['common/forbidden-word']);
    expect(calls[0]!.body).toEqual({ text: '<p>바보</p>' });
    expect(error).toBeInstanceOf(ApiError);
    expect(certifyErrorFeedback(error)).toEqual({ text: certifyMessages.forbiddenWords('바보, 도박') });
  });

  it('sends a clean text after the check', async () => {
    answers.set('common/forbidden-word', () => ({ forbidden: false, words: [] }));
    await expect(
      certifyCheckingWords({ missionId: '1', contentHtml: '<p>좋아요</p>', fileIds: [] }),
    ).resolves.toEqual(certification);
    expect(calls.map((call) => call.path)).toEqual(['common/forbidden-word', 'home/mission-certification']);
  });

  it('skips the check without text, and sends anyway when the check itself fails (the server checks again)', async () => {
    await certifyCheckingWords({ missionId: '1', contentHtml: '', fileIds: ['f'] });
    expect(calls.map((call) => call.path)).toEqual(['home/mission-certification']);
    calls.length = 0;
    answers.set('common/forbidden-word', () => {
      throw new ApiError('NETWORK', 0, 'offline');
    });
    await certifyCheckingWords({ missionId: '1', contentHtml: '<p>글</p>', fileIds: [] });
    expect(calls.map((call) => call.path)).toEqual(['common/forbidden-word', 'home/mission-certification']);
  });
});
