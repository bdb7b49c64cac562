// Work a request starts but does not wait for (e-mail delivery), so that the answer, and the time
// it takes, does not depend on it. The app waits for pending work before it closes.
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has settled. */
  settle(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
