import { callableErrorMessage, isCallableError } from '@tutoring/api/callables';
import { Box } from '@tutoring/ui/components/Box/Box';
import { Button } from '@tutoring/ui/components/Button/Button';
import { EmptyState } from '@tutoring/ui/components/EmptyState/EmptyState';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { SpringPostAssessmentCard } from '@tutoring/ui/components/SpringPostAssessmentCard/SpringPostAssessmentCard';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useParams } from 'react-router';
import { useAuthState } from '../../../../auth/useAuthState';
import { externalLinks } from '../../../../config/externalLinks';
import { learningPathwayLinks } from '../../../../config/learningPathway';
import { referenceOf } from '../../../../lib/apiError';
import { paths } from '../../../../lib/paths';
import { useTutorQuery } from '../../useTutorQuery';
import * as page from '../tutoringPage.css';
import * as styles from './LearningPathwayPage.css';
import { assessmentLinkFor, learningHubTitle } from './learningPathway';
import { PathwayContent } from './PathwayContent';
import { StudentWebsiteCard } from './StudentWebsiteCard';
import { useStudentPathwayQuery } from './useStudentPathway';

const genericTitle = 'Learning Hub';

function pathwayErrorMessage(error: unknown): string {
  if (isCallableError(error)) return callableErrorMessage(error);
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/**
 * learning-pathway/{studentId} (§2): a student's Learning Hub. The student must be one of the
 * tutor's correspondents (GET /tutor); only then is the pathway asked for. Without a pathway, or
 * when it cannot be loaded (§8: the message is shown, the pathway left empty), the Spring
 * Post-Assessment card stands in for it.
 */
export function LearningPathwayPage() {
  const { studentId } = useParams();
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const tutor = useTutorQuery(auth);
  const student = tutor.data?.correspondents.find((candidate) => candidate.id === studentId);
  const pathway = useStudentPathwayQuery(uid, student?.id);

  if (tutor.isPending) {
    return (
      <Stack gap="xl" minWidth={0}>
        <title>{genericTitle}</title>
        <h1 className={page.title}>{genericTitle}</h1>
        <Box display="flex" justifyContent="center" paddingBlock="xxl">
          <Spinner label="Loading student information" size="large" showLabel />
        </Box>
      </Stack>
    );
  }

  if (tutor.isError) {
    return (
      <Stack gap="xl" minWidth={0}>
        <title>{genericTitle}</title>
        <h1 className={page.title}>{genericTitle}</h1>
        <Notice
          variant="failure"
          title="Student information could not be loaded."
          reference={referenceOf(tutor.error)}
        >
          Please try again in a moment.
        </Notice>
        <Inline gap="md" alignY="center">
          <Button onPress={() => void tutor.refetch()}>Try again</Button>
        </Inline>
      </Stack>
    );
  }

  if (!student) {
    return (
      <Stack gap="xl" minWidth={0}>
        <title>{genericTitle}</title>
        <h1 className={page.title}>{genericTitle}</h1>
        <EmptyState
          title="Can't find student information"
          headingLevel={2}
          icon="user"
          action={
            <Link href={paths.tutoring} variant="secondaryButton">
              Back to your students
            </Link>
          }
        >
          This student is not one of your students. Open a Learning Hub from your student list.
        </EmptyState>
      </Stack>
    );
  }

  const name = student.First_Name;
  const title = learningHubTitle(name);
  const springCard = (
    <SpringPostAssessmentCard
      studentName={name}
      assessmentUrl={assessmentLinkFor(learningPathwayLinks.springPostAssessment, student)}
    />
  );

  return (
    <Stack gap="xl" minWidth={0}>
      <title>{title}</title>
      <Stack gap="xs">
        <h1 className={page.title}>{title}</h1>
        {pathway.data ? <p className={styles.pathwayName}>{pathway.data.Pathway_Name}</p> : null}
      </Stack>
      {pathway.isPending ? (
        <Box display="flex" justifyContent="center" paddingBlock="xxl">
          <Spinner label={`Loading ${name}'s learning pathway`} size="large" showLabel />
        </Box>
      ) : pathway.isError ? (
        <>
          <Notice
            variant="failure"
            title="The learning pathway could not be loaded."
            reference={referenceOf(pathway.error)}
          >
            {pathwayErrorMessage(pathway.error)}
          </Notice>
          <Inline gap="md" alignY="center">
            <Button
              variant="secondary"
              isPending={pathway.isFetching}
              pendingLabel="Loading"
              onPress={() => void pathway.refetch()}
            >
              Try again
            </Button>
          </Inline>
          {springCard}
        </>
      ) : pathway.data === null ? (
        springCard
      ) : (
        <PathwayContent
          key={student.id}
          pathway={pathway.data}
          studentId={student.id}
          studentName={name}
          uid={uid}
        />
      )}
      {pathway.isPending ? null : (
        <StudentWebsiteCard
          studentName={name}
          tutoringCode={student.Tutoring_Code}
          websiteUrl={externalLinks.studentPortal}
        />
      )}
    </Stack>
  );
}
