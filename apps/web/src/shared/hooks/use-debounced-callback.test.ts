import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer, EDITOR_DEBOUNCE_MS } from './use-debounced-callback.ts';

describe('editor debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 300 ms after the last call and passes only the last value', () => {
    const run = vi.fn();
    const debouncer = createDebouncer(run, EDITOR_DEBOUNCE_MS);
    debouncer.call('a');
    vi.advanceTimersByTime(200);
    debouncer.call('ab');
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('ab');
    expect(EDITOR_DEBOUNCE_MS).toBe(300);
  });

  it('flushes the pending call at once, and only once', () => {
    const run = vi.fn();
    const debouncer = createDebouncer(run, 300);
    debouncer.call('x');
    debouncer.flush();
    expect(run).toHaveBeenCalledWith('x');
    vi.advanceTimersByTime(1000);
    debouncer.flush();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drops a cancelled call', () => {
    const run = vi.fn();
    const debouncer = createDebouncer(run, 300);
    debouncer.call('x');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
