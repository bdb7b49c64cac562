import { AvailabilitySubmittedPopup } from '@tutoring/ui/components/AvailabilitySubmittedPopup/AvailabilitySubmittedPopup';
import { FormEmbed } from '@tutoring/ui/components/FormEmbed/FormEmbed';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useEffect, useRef, useState } from 'react';
import { onboardingSupportLinks } from '../../../config/onboardingLinks';
import { useEmbedSource } from '../../../lib/services/portalServices';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/**
 * Opens 'Availability Submitted!' when the availability turns completed while the page is open:
 * the form is the provider's, so the portal learns of the submission from the server (polled
 * while open, and asked again when the applicant comes back to the tab). Arriving with it already
 * done shows no popup.
 */
function useSubmittedWhileOpen(isCompleted: boolean): [boolean, (open: boolean) => void] {
  const wasCompleted = useRef(isCompleted);
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (isCompleted && !wasCompleted.current) setOpen(true);
    wasCompleted.current = isCompleted;
  }, [isCompleted]);
  return [isOpen, setOpen];
}

/**
 * /onboarding/availability (§2, §5): the availability form (the applicant's own link with tutorID,
 * or the fallback link), or a clear word when there is none; 'Availability Submitted!' once it
 * arrives.
 */
export function AvailabilityPage() {
  const user = useOnboardingUser();
  const embedSource = useEmbedSource();
  const isCompleted = user.workbookAvailabilityModuleCompleted;
  useFreshOnboardingRecord(!isCompleted && user.availabilityForm !== null);
  const [popupOpen, setPopupOpen] = useSubmittedWhileOpen(isCompleted);
  const formUrl = user.availabilityForm;

  return (
    <Stack gap="xl">
      <title>Availability · Onboarding</title>
      <h1 className={styles.title}>Availability</h1>
      <p className={styles.lead}>
        Tell us the weekly times you can tutor. We use them to match you with a student whose
        schedule fits yours. It takes about 5 minutes.
      </p>
      {isCompleted ? (
        <Notice variant="success" title="Your availability is on file.">
          Thank you! If your schedule changes, submit the form again at any time.
        </Notice>
      ) : null}

      {formUrl === null ? (
        <Notice variant="warn" title="No availability form exists for your account yet.">
          We could not build your availability form because your application has no tutor ID yet.
          Please{' '}
          <Link href={onboardingSupportLinks.contactOnboardingSupport} external>
            contact onboarding support
          </Link>{' '}
          and we will set it up for you.
        </Notice>
      ) : (
        <Stack as="section" gap="md" aria-labelledby="availability-form">
          <h2 id="availability-form" className={styles.sectionTitle}>
            {isCompleted ? 'Update your availability' : 'Submit your availability'}
          </h2>
          <p className={styles.text}>
            Give each time as a weekday and a time range, for example Monday 16:00-18:00. If the
            form does not show,{' '}
            <Link href={formUrl} external>
              open the availability form in a new tab
            </Link>
            .
          </p>
          <FormEmbed
            src={embedSource(formUrl)}
            title="Weekly availability form"
            isFormProvider
            loadingLabel="Loading the availability form"
          />
        </Stack>
      )}

      <AvailabilitySubmittedPopup
        isOpen={popupOpen}
        onOpenChange={setPopupOpen}
        dashboardHref={onboardingPaths.dashboard}
      />
    </Stack>
  );
}
