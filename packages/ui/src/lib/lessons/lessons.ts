/** The lesson fields the grouping needs. */
export interface LessonLike {
  /** The lesson's record id. */
  id: string;
  /** The lesson's place in the pathway: lessons are sorted by it. */
  number: number;
  /** The topic the lesson belongs to: lessons are grouped by it. */
  topic: string;
}

export interface TopicGroup<T extends LessonLike> {
  topic: string;
  lessons: T[];
}

/**
 * Sorts lessons by number and groups them by topic (spec §5). Topics appear in the order of
 * their first lesson; lessons keep their number order inside a topic. Equal numbers keep input
 * order.
 */
export function groupLessonsByTopic<T extends LessonLike>(lessons: readonly T[]): TopicGroup<T>[] {
  const sorted = [...lessons].sort((a, b) => a.number - b.number);
  const groups = new Map<string, T[]>();
  for (const lesson of sorted) {
    const topic = lesson.topic.trim();
    const group = groups.get(topic);
    if (group) group.push(lesson);
    else groups.set(topic, [lesson]);
  }
  return Array.from(groups, ([topic, grouped]) => ({ topic, lessons: grouped }));
}
