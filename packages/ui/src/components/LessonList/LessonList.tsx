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
   * Reports a lesson as completed (updateLessonCompletionStatus): the first time it is opened or
   * checked while it is not completed. The lesson shows as completed at once.
   */
  onComplete: (lessonId: string) => void;
  /**
   * Reports a completed lesson as not completed (updateLessonCompletionStatus with
   * `completed: false`): its checkbox was unchecked, for a lesson marked by mistake. The lesson
   * shows as not completed at once; checking it again marks it again. Without it a completed
   * lesson's checkbox is read-only.
   */
  onUncomplete?: (lessonId: string) => void;
  /** Heading level of the topic titles; default 3. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * The lessons of a learning pathway (spec §2, §5): sorted by number and grouped by topic.
 * Opening a lesson (its link opens a new tab) or ticking its checkbox marks it completed, and
 * "Completed" follows its name on the same line. Unticking a completed lesson (with
 * `onUncomplete`) marks it not completed: as easy to undo as a tick, so no confirmation.
 *
 * A lesson shows the tutor's latest choice at once, until `completedLessons` changes (the
 * caller's answer, or its rollback of a failed report): then the list shows that again.
 */
export function LessonList({
  lessons,
  completedLessons,
  onComplete,
  onUncomplete,
  headingLevel = 3,
  className,
}: LessonListProps) {
  const completion = useLessonChoices(completedLessons, onComplete, onUncomplete);

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
            {group.lessons.map((lesson) => (
              <LessonItem
                key={lesson.id}
                lesson={lesson}
                done={completion.isDone(lesson.id)}
                canUncheck={onUncomplete !== undefined}
                onChange={(done) => completion.choose(lesson.id, done)}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The tutor's choices since `completedLessons` last changed, shown over it, and the reports of
 * them: one per change, also when link and checkbox fire before the re-render.
 */
function useLessonChoices(
  completedLessons: Readonly<Record<string, boolean>>,
  onComplete: (lessonId: string) => void,
  onUncomplete: ((lessonId: string) => void) | undefined,
) {
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [shownCompletion, setShownCompletion] = useState(completedLessons);
  // The latest choice per lesson, ahead of the state above until the re-render.
  const latest = useRef(new Map<string, boolean>());
  if (shownCompletion !== completedLessons) {
    // New completions from the caller: they are the truth now (React's reset-on-prop pattern).
    setShownCompletion(completedLessons);
    setChoices(new Map());
    latest.current = new Map();
  }
  const isDone = (id: string) => choices.get(id) ?? completedLessons[id] === true;

  const choose = (id: string, done: boolean) => {
    const current = latest.current.get(id) ?? isDone(id);
    if (current === done || (!done && !onUncomplete)) return;
    latest.current.set(id, done);
    setChoices((previous) => new Map(previous).set(id, done));
    if (done) onComplete(id);
    else onUncomplete?.(id);
  };
  return { isDone, choose };
}

interface LessonItemProps {
  lesson: LessonListLesson;
  done: boolean;
  canUncheck: boolean;
  /** A tick or untick of the checkbox (done true or false), or the link opened (true). */
  onChange: (done: boolean) => void;
}

function LessonItem({ lesson, done, canUncheck, onChange }: LessonItemProps) {
  return (
    <Inline
      as="li"
      gap="sm"
      alignY="center"
      wrap={false}
      className={styles.lesson}
      data-completed={done ? 'true' : 'false'}
    >
      <Checkbox
        isSelected={done}
        isReadOnly={done && !canUncheck}
        onChange={onChange}
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
        {/* Name and state say what a press does: "Rounding completed", checked or not. */}
        <span className={visuallyHidden}>{lesson.lessonName} completed</span>
      </Checkbox>
      <Link href={lesson.url} external onPress={() => onChange(true)} className={styles.lessonLink}>
        <span className={styles.lessonNumber}>{lesson.number}. </span>
        {lesson.lessonName}
      </Link>
      {done ? (
        <Box as="span" flexShrink={0} className={styles.done}>
          Completed
        </Box>
      ) : null}
    </Inline>
  );
}
