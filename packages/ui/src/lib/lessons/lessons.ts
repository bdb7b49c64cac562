/** The lesson fields the grouping needs (a subset of the api's Lesson). */
export interface LessonLike {
  id: string;
  Lesson_Id: number;
  Topic: string;
}

export interface TopicGroup<T extends LessonLike> {
  topic: string;
  lessons: T[];
}

/**
 * Sorts lessons by Lesson_Id and groups them by Topic (spec §5). Topics appear in the order of
 * their first lesson; lessons keep their id order inside a topic. Equal ids keep input order.
 */
export function groupLessonsByTopic<T extends LessonLike>(lessons: readonly T[]): TopicGroup<T>[] {
  const sorted = [...lessons].sort((a, b) => a.Lesson_Id - b.Lesson_Id);
  const groups = new Map<string, T[]>();
  for (const lesson of sorted) {
    const topic = lesson.Topic.trim();
    const group = groups.get(topic);
    if (group) group.push(lesson);
    else groups.set(topic, [lesson]);
  }
  return Array.from(groups, ([topic, grouped]) => ({ topic, lessons: grouped }));
}
