import { STORED_PHOTO_EDGE, STORED_PHOTO_QUALITY } from '@hamkke/contract/common/files';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownscaleRequest } from './photo-downscale.worker.ts';

/** A stand-in for the browser's Worker: each test says how it answers a photo. */
class FakeWorker extends EventTarget {
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    workers.push(this);
  }
  postMessage(request: DownscaleRequest) {
    requests.push(request);
    answer(request, this);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

let workers: FakeWorker[] = [];
let requests: DownscaleRequest[] = [];
let answer: (request: DownscaleRequest, worker: FakeWorker) => void;

const photo = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

async function preparePhoto(file: Blob) {
  const module = await import('./photo-downscale.ts');
  return module.preparePhoto(file);
}

describe('a picked photo made light before it is sent', () => {
  beforeEach(() => {
    vi.resetModules();
    workers = [];
    requests = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("sends the worker's copy, asked at the stored size and quality, from a module worker", async () => {
    const copy = photo(100);
    answer = (_, worker) => queueMicrotask(() => worker.reply({ blob: copy, width: 1600, height: 1200 }));
    const original = photo(4_000);
    expect(await preparePhoto(original)).toBe(copy);
    expect(requests).toEqual([{ photo: original, edge: STORED_PHOTO_EDGE, quality: STORED_PHOTO_QUALITY }]);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url.pathname).toMatch(/photo-downscale\.worker\.ts$/);
    expect(workers[0]!.options).toEqual({ type: 'module' });
  });

  it('sends the original when the copy is not smaller, or the browser cannot make one', async () => {
    const original = photo(4_000);
    answer = (_, worker) => queueMicrotask(() => worker.reply({ blob: photo(4_000), width: 10, height: 10 }));
    expect(await preparePhoto(original)).toBe(original);
    answer = (_, worker) => queueMicrotask(() => worker.reply({ blob: null, reason: 'undecodable' }));
    expect(await preparePhoto(original)).toBe(original);
    answer = (_, worker) => queueMicrotask(() => worker.reply({ blob: null, reason: 'unsupported' }));
    expect(await preparePhoto(original)).toBe(original);
    // One worker served all three.
    expect(workers).toHaveLength(1);
  });

  it('sends the original when the worker fails to load, and starts a new worker for the next photo', async () => {
    const original = photo(4_000);
    answer = (_, worker) =>
      queueMicrotask(() => worker.dispatchEvent(new Event('error', { cancelable: true })));
    expect(await preparePhoto(original)).toBe(original);
    expect(workers[0]!.terminated).toBe(true);
    const copy = photo(10);
    answer = (_, worker) => queueMicrotask(() => worker.reply({ blob: copy, width: 10, height: 10 }));
    expect(await preparePhoto(original)).toBe(copy);
    expect(workers).toHaveLength(2);
  });

  it('sends the original when the worker does not answer in 30 s', async () => {
    vi.useFakeTimers();
    answer = () => undefined;
    const original = photo(4_000);
    const prepared = preparePhoto(original);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(workers[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await prepared).toBe(original);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('sends the original without a worker, and what the browser calls no image without asking one', async () => {
    const notAPhoto = photo(4_000, 'application/pdf');
    answer = (_, worker) => queueMicrotask(() => worker.reply({ blob: photo(1), width: 1, height: 1 }));
    expect(await preparePhoto(notAPhoto)).toBe(notAPhoto);
    expect(workers).toEqual([]);
    vi.stubGlobal('Worker', undefined);
    const original = photo(4_000);
    expect(await preparePhoto(original)).toBe(original);
  });

  it('makes one photo at a time, in the order picked', async () => {
    const pending: Array<() => void> = [];
    answer = (request, worker) =>
      pending.push(() => worker.reply({ blob: photo(request.photo.size / 10), width: 1, height: 1 }));
    const first = preparePhoto(photo(1_000));
    const second = preparePhoto(photo(2_000));
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!();
    expect((await first).size).toBe(100);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!();
    expect((await second).size).toBe(200);
    expect(requests.map((request) => request.photo.size)).toEqual([1_000, 2_000]);
  });
});
