import { useRef, useState } from 'react';
import { Checkbox, Heading } from 'react-aria-components';
import { groupLessonsByTopic } from '../../lib/lessons/lessons';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
import * as styles from './LessonList.css';

/** A lesson of a learning pathway, as the list shows it. */
export interface LessonListLesson {
  /** Record id: keys `completedLessons` and is reported to `onComplete`. */
  id: string;
  /** The lesson's place in the pathway: the list is sorted by it and shows it before the name. */
  number: number;
  /** The lesson's name. */
  lessonName: string;
  /** Link of the lesson; it opens in a new tab. */
  url: string;
  /** The topic the lesson belongs to; the list groups lessons under their topic. */
  topic: string;
}

export interface LessonListProps {
  lessons: readonly LessonListLesson[];
  /** The pathway's completed lessons: true for each completed lesson's record id. */
  completedLessons: Readonly<Record<string, boolean>>;
  /**
   * Reports a lesson as completed (updateLessonCompletionStatus). Called once per lesson, the
   * first time it is opened or checked; the lesson is marked locally at once and cannot be
   * unchecked (spec §4).
   */
  onComplete: (lessonId: string) => void;
  /** Heading level of the topic titles; default 3. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * The lessons of a learning pathway (spec §2, §5): sorted by number and grouped by topic.
 * Opening a lesson (its link opens a new tab) or ticking its checkbox marks it completed; a
 * completed lesson's checkbox stays checked (read-only).
 */
export function LessonList({
  lessons,
  completedLessons,
  onComplete,
  headingLevel = 3,
  className,
}: LessonListProps) {
  const [markedIds, setMarkedIds] = useState<ReadonlySet<string>>(new Set());
  // Guards against a second report when link and checkbox fire before the re-render.
  const reported = useRef(new Set<string>());
  const isDone = (id: string) => completedLessons[id] === true || markedIds.has(id);

  const complete = (id: string) => {
    if (isDone(id) || reported.current.has(id)) return;
    reported.current.add(id);
    setMarkedIds((current) => new Set(current).add(id));
    onComplete(id);
  };

  if (lessons.length === 0) {
    return <p className={[styles.empty, className].filter(Boolean).join(' ')}>No lessons yet.</p>;
  }

  return (
    <Stack gap="xl" className={className}>
      {groupLessonsByTopic(lessons).map((group) => (
        <Stack key={group.topic} gap="sm">
          <Heading level={headingLevel} className={styles.topicTitle}>
            {group.topic}
          </Heading>
          <Stack as="ul" gap="xs" className={styles.lessons}>
            {group.lessons.map((lesson) => {
              const done = isDone(lesson.id);
              return (
                <Inline
                  as="li"
                  key={lesson.id}
                  gap="sm"
                  alignY="center"
                  wrap={false}
                  className={styles.lesson}
                  data-completed={done ? 'true' : 'false'}
                >
                  <Checkbox
                    isSelected={done}
                    isReadOnly={done}
                    onChange={(selected) => {
                      if (selected) complete(lesson.id);
                    }}
                    className={styles.checkbox}
                  >
                    <Box
                      as="span"
                      display="inline-flex"
                      alignItems="center"
                      justifyContent="center"
                      className={styles.box}
                      aria-hidden="true"
                    >
                      {done ? <Icon name="check" size="small" /> : null}
                    </Box>
                    <span className={visuallyHidden}>{lesson.lessonName} completed</span>
                  </Checkbox>
                  <Link
                    href={lesson.url}
                    external
                    onPress={() => complete(lesson.id)}
                    className={styles.lessonLink}
                  >
                    <span className={styles.lessonNumber}>{lesson.number}. </span>
                    {lesson.lessonName}
                  </Link>
                  {done ? <span className={styles.done}>Completed</span> : null}
                </Inline>
              );
            })}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
