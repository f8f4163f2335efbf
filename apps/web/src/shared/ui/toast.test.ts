import { describe, expect, it } from 'vitest';
import { showToast, takePendingToasts } from './toast.tsx';

describe('toasts before and after the viewport loads', () => {
  it('keeps the toasts asked for before the viewport, hands them over in order, then sends straight', () => {
    showToast('자녀 계정을 만들었어요');
    showToast('링크를 복사했어요');
    const shown: string[] = [];
    const release = takePendingToasts((message) => shown.push(message));
    expect(shown).toEqual(['자녀 계정을 만들었어요', '링크를 복사했어요']);
    showToast('저장했어요');
    expect(shown).toEqual(['자녀 계정을 만들었어요', '링크를 복사했어요', '저장했어요']);
    release();
    showToast('다시 모아 둬요');
    expect(shown).toHaveLength(3);
    const later: string[] = [];
    takePendingToasts((message) => later.push(message))();
    expect(later).toEqual(['다시 모아 둬요']);
  });
});
