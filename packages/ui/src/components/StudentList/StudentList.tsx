import { Stack } from '../Stack/Stack';
import { StudentRow, type StudentRowStudent } from '../StudentRow/StudentRow';
import * as styles from './StudentList.css';

export interface StudentListProps {
  /** The tutor's correspondents, in the order to show them. */
  students: readonly StudentRowStudent[];
  /** Opens the chat with a student's guardian. */
  onOpenChat: (student: StudentRowStudent) => void;
  /** The learning-pathway page of a student (the caller builds it from its route table). */
  pathwayHref: (student: StudentRowStudent) => string;
  /** Launches the learning portal for a student. */
  onLaunchLearningPortal: (student: StudentRowStudent) => void;
  /** Record ids (`id`) of students whose learning-portal launch is in progress. */
  launchingIds?: ReadonlySet<string> | readonly string[];
  /** Names the list; default 'Students'. */
  label?: string;
  /** Shown when there are no students; default 'You have no students yet.' */
  emptyText?: string;
  /** The clock the conversations' times are relative to; pass a fixed date in tests and stories. */
  now?: Date;
  className?: string;
}

/**
 * The tutor's students (spec §2 dashboard): one `StudentRow` per student, or an empty-state
 * line. The caller supplies the section heading.
 */
export function StudentList({
  students,
  onOpenChat,
  pathwayHref,
  onLaunchLearningPortal,
  launchingIds = [],
  label = 'Students',
  emptyText = 'You have no students yet.',
  now,
  className,
}: StudentListProps) {
  if (students.length === 0) {
    return <p className={[styles.empty, className].filter(Boolean).join(' ')}>{emptyText}</p>;
  }
  const launching = new Set(launchingIds);
  return (
    <Stack
      as="ul"
      gap="md"
      aria-label={label}
      className={[styles.list, className].filter(Boolean).join(' ')}
    >
      {students.map((student) => (
        <StudentRow
          key={student.id}
          student={student}
          onOpenChat={onOpenChat}
          pathwayHref={pathwayHref(student)}
          onLaunchLearningPortal={onLaunchLearningPortal}
          isLaunching={launching.has(student.id)}
          now={now}
        />
      ))}
    </Stack>
  );
}
