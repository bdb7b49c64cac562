import { describe, expect, it } from 'vitest';
import { completedLessonsAfterAnswer, withLessonCompleted } from './lessonCompletion';

describe('withLessonCompleted', () => {
  it('marks a lesson, or removes it; the map it was given stays as it was', () => {
    const shown = { a: true };
    expect(withLessonCompleted(shown, 'b', true)).toEqual({ a: true, b: true });
    expect(withLessonCompleted(shown, 'a', false)).toEqual({});
    expect(withLessonCompleted(shown, 'c', false)).toEqual({ a: true });
    expect(shown).toEqual({ a: true });
  });
});

describe('completedLessonsAfterAnswer', () => {
  const none = new Map<string, boolean>();

  it("takes the server's word for the reported lesson, and its other completions", () => {
    // An unmark of b answered: b is gone; c was completed in another tab.
    expect(
      completedLessonsAfterAnswer(
        { a: true, b: true },
        { a: true, c: true },
        { lessonId: 'b', isLatest: true },
        none,
      ),
    ).toEqual({ a: true, c: true });
    // A mark answered.
    expect(
      completedLessonsAfterAnswer(
        { a: true },
        { a: true, b: true },
        { lessonId: 'b', isLatest: true },
        none,
      ),
    ).toEqual({ a: true, b: true });
  });

  it('keeps a lesson whose mark failed marked: the answer lacks it, and unmarks nothing else', () => {
    expect(
      completedLessonsAfterAnswer(
        { a: true, failed: true },
        { a: true, b: true },
        { lessonId: 'b', isLatest: true },
        none,
      ),
    ).toEqual({ a: true, b: true, failed: true });
  });

  it("an earlier report's answer does not undo a later choice of the same or another lesson", () => {
    // b marked, then unmarked before the mark's answer; d is being unmarked too.
    expect(
      completedLessonsAfterAnswer(
        { a: true },
        { a: true, b: true, d: true },
        { lessonId: 'b', isLatest: false },
        new Map([
          ['b', false],
          ['d', false],
        ]),
      ),
    ).toEqual({ a: true });
  });
});
