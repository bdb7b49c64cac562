// Work a request starts but does not wait for (e-mail delivery), so that the answer, and the time
// it takes, does not depend on it. The app waits for pending work before it closes.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The id on every log line of one piece of background work (a scheduler pass, a resender pass, an
 * e-mail a request left to send), as a request's lines carry its request id.
 */
export function newJobId(): string {
  return randomUUID();
}

export interface BackgroundTasks {
  /**
   * Runs `task` without waiting for it. `origin`: the logger of the request that started it, so
   * that a failure is logged with that request's id as well as the task's own job id.
   */
  run(name: string, task: () => Promise<unknown>, origin?: FastifyBaseLogger): void;
  /** Resolves when every task started so far has settled. */
  settle(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task, origin = log) {
      const jobId = newJobId();
      const promise = task()
        .catch((error: unknown) =>
          origin.error({ err: error, task: name, jobId }, 'background task failed'),
        )
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
