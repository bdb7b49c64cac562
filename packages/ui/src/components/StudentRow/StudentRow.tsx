import { Heading } from 'react-aria-components';
import { type FamilyTextOptOut, optOutText } from '../../lib/familyTexts/familyTexts';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import {
  ConversationPreview,
  type ConversationSummary,
} from '../ConversationPreview/ConversationPreview';
import {
  type FamilyLanguage,
  FamilyLanguageNotice,
} from '../FamilyLanguageNotice/FamilyLanguageNotice';
import { Icon } from '../Icon/Icon';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
import * as styles from './StudentRow.css';

/** Days without a session above which a student is flagged (spec §9: above 10, not at 10). */
export const sessionGapFlagDays = 10;

/** A student of the tutor, as a row shows it. */
export interface StudentRowStudent {
  /** The student's record id: keys the row and is what the caller's callbacks look up. */
  id: string;
  /** The organisation's student ID (e.g. S-1042), the row's `data-student-id`. */
  studentCode: string;
  /** The student's first name; the actions' accessible names use it. */
  firstName: string;
  /** The student's last name; '' when unknown. */
  lastName: string;
  /** The student's grade (e.g. 4th); '' shows 'Not given'. */
  grade: string;
  /** The subjects the student is tutored in; blank entries are skipped, none shows 'None listed'. */
  subjects: readonly string[];
  /** Days since the last session; null when there has been none yet. */
  daysSinceLastSession: number | null;
  /**
   * The language the guardian reads when it is not English, and whether messages are translated
   * (the server decides both); null or absent for an English-speaking family.
   */
  familyLanguage?: FamilyLanguage | null;
  /** The guardian's full name; '' or absent hides the Guardian line. */
  guardianName?: string;
  /** The conversation with the guardian at a glance; absent shows none (before it loads). */
  conversation?: ConversationSummary;
  /** The family asked not to be texted (replied STOP, or a text was refused); null while they may be. */
  textOptOut?: FamilyTextOptOut | null;
}

/** Whether a row shows the 'No session in N days' flag: more than 10 days (spec §2, §9). */
export function hasSessionGap(
  daysSinceLastSession: number | null | undefined,
): daysSinceLastSession is number {
  return typeof daysSinceLastSession === 'number' && daysSinceLastSession > sessionGapFlagDays;
}

export interface StudentRowProps {
  student: StudentRowStudent;
  /** Opens the chat with the student's guardian. */
  onOpenChat: (student: StudentRowStudent) => void;
  /** The student's learning-pathway page (the caller builds it from the route table). */
  pathwayHref: string;
  /** Launches the learning portal for the student (spec §7 launchLearningPortalForStudent). */
  onLaunchLearningPortal: (student: StudentRowStudent) => void;
  /** True while that launch is in progress: the button reads 'Launching...' and ignores presses. */
  isLaunching?: boolean;
  /** Heading level of the student's name; default 3 (under the 'Students' h2). */
  headingLevel?: 2 | 3 | 4;
  /** The clock the conversation's times are relative to; pass a fixed date in tests and stories. */
  now?: Date;
}

/**
 * One student of the tutor's list (spec §2): name, the conversation at a glance (unread replies,
 * the last message, a text that needs attention), the family's opt-out of texts ('This family has
 * opted out of texts (replied STOP on …)'), grade and subjects, a 'No session in N days'
 * flag after more than 10 days, the family's language and whether messages are translated (as
 * the server reports it), and the actions open chat,
 * learning pathway and launch the learning portal. Renders an `<li>`: place it in a list such
 * as `StudentList`. The card arranges itself by its own width (a CSS size container), not the
 * viewport's: the actions sit beside the details only when both have room, under them otherwise.
 */
export function StudentRow({
  student,
  onOpenChat,
  pathwayHref,
  onLaunchLearningPortal,
  isLaunching = false,
  headingLevel = 3,
  now,
}: StudentRowProps) {
  const fullName = `${student.firstName} ${student.lastName}`.trim();
  const subjects = student.subjects.filter((subject) => subject.trim() !== '');
  const guardian = student.guardianName;
  return (
    <li className={styles.row} data-student-id={student.studentCode}>
      <div className={styles.layout}>
        <Stack gap="sm" minWidth={0}>
          <Heading level={headingLevel} className={styles.name}>
            {fullName}
          </Heading>
          {student.conversation ? (
            <ConversationPreview summary={student.conversation} now={now ?? new Date()} />
          ) : null}
          {student.textOptOut ? (
            <Box
              as="p"
              display="flex"
              alignItems="start"
              gap="xs"
              className={styles.optOut}
              data-text-opt-out={student.textOptOut.reason}
            >
              <Icon name="alert" size="small" className={styles.optOutIcon} />
              {optOutText(student.textOptOut)}
            </Box>
          ) : null}
          <Box
            as="dl"
            display="flex"
            flexWrap="wrap"
            rowGap="xs"
            columnGap="lg"
            className={styles.facts}
          >
            <Box display="flex" gap="xs">
              <dt className={styles.factTerm}>Grade</dt>
              <dd className={styles.factValue}>{student.grade || 'Not given'}</dd>
            </Box>
            <Box display="flex" gap="xs">
              <dt className={styles.factTerm}>Subjects</dt>
              <dd className={styles.factValue}>
                {subjects.length > 0 ? subjects.join(', ') : 'None listed'}
              </dd>
            </Box>
            {guardian ? (
              <Box display="flex" gap="xs">
                <dt className={styles.factTerm}>Guardian</dt>
                <dd className={styles.factValue}>{guardian}</dd>
              </Box>
            ) : null}
          </Box>
          {hasSessionGap(student.daysSinceLastSession) ? (
            <Box
              as="p"
              display="inline-flex"
              alignItems="center"
              gap="xs"
              className={styles.flag}
              data-session-gap=""
            >
              <Icon name="clock" size="small" />
              No session in {student.daysSinceLastSession} days
            </Box>
          ) : null}
          <FamilyLanguageNotice language={student.familyLanguage} />
        </Stack>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => onOpenChat(student)}>
            Chat<span className={visuallyHidden}> with {student.firstName}'s guardian</span>
          </Button>
          <Link href={pathwayHref} variant="secondaryButton">
            Learning pathway<span className={visuallyHidden}> for {student.firstName}</span>
          </Link>
          <Button
            onPress={() => onLaunchLearningPortal(student)}
            isPending={isLaunching}
            pendingLabel="Launching..."
          >
            Launch learning portal
            <span className={visuallyHidden}> for {student.firstName}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
