import { FormEmbed } from '@tutoring/ui/components/FormEmbed/FormEmbed';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useEmbedSource } from '../../../lib/services/portalServices';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { type KnowledgeCheckFormType, knowledgeCheckFormUrl } from '../onboardingEmbedUrls';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

const titles: Record<KnowledgeCheckFormType, string> = {
  asyncknowledgecheck: 'Tutoring 101 Knowledge Check',
  livetraining: 'Live Training Knowledge Check',
};

export interface KnowledgeCheckPageProps {
  /** §2: 'asyncknowledgecheck' after the recorded training, 'livetraining' after the live one. */
  formType: KnowledgeCheckFormType;
}

/**
 * /onboarding/training/knowledge-check and /onboarding/live-training/knowledge-check (§2): the
 * embedded knowledge check, prefilled with its form type and the tutor ID. Submitting it completes
 * the Training task.
 */
export function KnowledgeCheckPage({ formType }: KnowledgeCheckPageProps) {
  const user = useOnboardingUser();
  const embedSource = useEmbedSource();
  useFreshOnboardingRecord(!user.workbookCompleted);
  const title = titles[formType];
  const formUrl = knowledgeCheckFormUrl(user, formType);
  return (
    <Stack gap="xl">
      <title>{`${title} · Onboarding`}</title>
      <h1 className={styles.title}>{title}</h1>
      {user.workbookCompleted ? (
        <Notice variant="success" title="Knowledge check submitted. Training Completed!">
          <Link href={onboardingPaths.knowledgeCheckComplete}>
            See the answers and what comes next
          </Link>
        </Notice>
      ) : (
        <p className={styles.lead}>
          Answer the questions below and submit the form to complete training. This page updates by
          itself once your answers reach us.
        </p>
      )}
      <Stack as="section" gap="md" aria-labelledby="knowledge-check-form">
        <h2 id="knowledge-check-form" className={styles.sectionTitle}>
          Your answers
        </h2>
        <p className={styles.text}>
          If the form does not show,{' '}
          <Link href={formUrl} external>
            open the knowledge check in a new tab
          </Link>
          .
        </p>
        <FormEmbed
          src={embedSource(formUrl)}
          title={title}
          isFormProvider
          loadingLabel="Loading the knowledge check"
        />
      </Stack>
    </Stack>
  );
}
