/**
 * Whether this server should be sent traffic (issue 28 item 3, decision 043). One small module others
 * read: `main.ts` moves the state (starting → ready at listen, ready → draining at SIGTERM), the
 * readiness route reports it with the dependency checks, and the drain gate (`plugins/drain.ts`)
 * refuses what a balancer can safely send elsewhere while draining.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

/** A dependency's check: resolves when it answers, rejects (or outlasts the time-out) when it does not. */
export type DependencyCheck = () => Promise<unknown>;

export interface ReadinessReport {
  state: ReadinessState;
  /** True only when ready and every dependency answered in time. */
  ready: boolean;
  /** Each checked dependency by name (`database`, `redis`, `storage`): up or down. Never a secret. */
  dependencies: Record<string, 'up' | 'down'>;
}

export interface Readiness {
  state(): ReadinessState;
  set(state: ReadinessState): void;
  /** Adds a dependency to what `check` asks; a later one of the same name replaces it. */
  addDependency(name: string, check: DependencyCheck): void;
  /** Asks every dependency at once, each given `timeoutMs` at most. */
  check(timeoutMs?: number): Promise<ReadinessReport>;
}

/** Each dependency gets this long to answer (in parallel), so a probe answers within about a second. */
export const DEPENDENCY_TIMEOUT_MS = 1000;

async function answersWithin(check: DependencyCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(() => true),
      late,
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial;
  const dependencies = new Map<string, DependencyCheck>();
  return {
    state: () => state,
    set(next) {
      // Draining is one way: a server that began to stop never becomes ready again.
      if (state === 'draining') return;
      state = next;
    },
    addDependency(name, check) {
      dependencies.set(name, check);
    },
    async check(timeoutMs = DEPENDENCY_TIMEOUT_MS) {
      const names = [...dependencies.keys()];
      const answers = await Promise.all(
        names.map((name) => answersWithin(dependencies.get(name)!, timeoutMs)),
      );
      const report: ReadinessReport['dependencies'] = {};
      names.forEach((name, index) => {
        report[name] = answers[index] ? 'up' : 'down';
      });
      const current = state;
      return { state: current, ready: current === 'ready' && answers.every(Boolean), dependencies: report };
    },
  };
}
