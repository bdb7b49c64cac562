import { AgreementText } from '@tutoring/ui/components/AgreementText/AgreementText';
import { FormEmbed } from '@tutoring/ui/components/FormEmbed/FormEmbed';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { organisation } from '../../../config/organisation';
import { useEmbedSource } from '../../../lib/services/portalServices';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { waiverFormUrl } from '../onboardingEmbedUrls';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/**
 * /onboarding/waiver (§2): once signed, a thank-you and the six-section agreement (California law,
 * minimum age 16); before that, the embedded waiver form prefilled with name and e-mail.
 */
export function WaiverPage() {
  const user = useOnboardingUser();
  const embedSource = useEmbedSource();
  useFreshOnboardingRecord(!user.waiverCompleted);

  if (user.waiverCompleted) {
    return (
      <Stack gap="xl">
        <title>Waiver · Onboarding</title>
        <h1 className={styles.title}>Waiver</h1>
        <Notice variant="success" title="Thank you for signing the waiver!">
          Your signed agreement is on file. Here is what you agreed to, for your reference.
        </Notice>
        <AgreementText orgName={organisation.name} headingLevel={3} />
        <p className={styles.text}>
          <Link href={onboardingPaths.dashboard} variant="secondaryButton">
            Back to the dashboard
          </Link>
        </p>
      </Stack>
    );
  }

  const formUrl = waiverFormUrl(user);
  return (
    <Stack gap="xl">
      <title>Waiver · Onboarding</title>
      <h1 className={styles.title}>Waiver</h1>
      <p className={styles.lead}>
        Read the Volunteer Tutor Agreement and Waiver, then sign it below. It takes about 5 minutes.
      </p>
      <Stack as="ul" gap="sm" className={styles.list}>
        <li>You must be at least 16 years old to volunteer.</li>
        <li>The agreement is governed by the laws of the State of California.</li>
        <li>We have filled in your name and e-mail address for you.</li>
      </Stack>
      <Stack as="section" gap="md" aria-labelledby="waiver-form">
        <h2 id="waiver-form" className={styles.sectionTitle}>
          Sign the waiver
        </h2>
        <p className={styles.text}>
          This page updates by itself once your signed waiver reaches us. If the form does not show,{' '}
          <Link href={formUrl} external>
            open the waiver form in a new tab
          </Link>
          .
        </p>
        <FormEmbed
          src={embedSource(formUrl)}
          title="Volunteer waiver form"
          isFormProvider
          loadingLabel="Loading the waiver form"
        />
      </Stack>
    </Stack>
  );
}
