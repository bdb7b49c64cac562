import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * The server's entity tags (ETag) of the answers a conditional query holds, kept by the answer
 * object itself: a refresh sends the tag of the data it holds, and a 304 keeps that very object
 * (no re-render, nothing to compare). The chat poll and the dashboard's GET /tutor share it.
 */
export interface AnswerTags<T extends object> {
  /** The tag of the answer held, to send as If-None-Match; undefined without one. */
  tagOf(answer: T | undefined): string | undefined;
  /** Remembers the tag the server sent with a new answer. */
  remember(answer: T, response: Response): void;
  /**
   * TanStack Query's structural sharing, keeping the tag: a changed answer is stored as a copy
   * that reuses the unchanged parts of the one before, and that copy is what the next refresh
   * holds, so it carries the answer's tag. Without it the tag would stay on the discarded
   * original, and every refresh after the first change would ask without one.
   */
  share(held: unknown, answer: unknown): unknown;
}

export function createAnswerTags<T extends object>(): AnswerTags<T> {
  const tags = new WeakMap<T, string>();
  return {
    tagOf: (answer) => (answer ? tags.get(answer) : undefined),
    remember(answer, response) {
      const tag = response.headers.get('etag');
      if (tag) tags.set(answer, tag);
    },
    share(held, answer) {
      const shared = replaceEqualDeep(held, answer);
      const tag = tags.get(answer as T);
      if (tag && shared !== answer) tags.set(shared as T, tag);
      return shared;
    },
  };
}
