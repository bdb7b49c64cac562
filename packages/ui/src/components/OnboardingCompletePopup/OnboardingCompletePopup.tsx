import { Link } from '../Link/Link';
import { Modal } from '../Modal/Modal';
import { Stack } from '../Stack/Stack';
import * as styles from './OnboardingCompletePopup.css';

export interface OnboardingCompletePopupProps {
  /** Controlled open state: the portal opens it when the user's status is a final one (§4). */
  isOpen?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called with `false` when the user closes it. */
  onOpenChange?: (open: boolean) => void;
  /** The applicant's first name, for the greeting. */
  firstName?: string;
  /** Where the Tutor Portal is (the tutoring route). */
  tutorPortalHref: string;
  /** The organisation's e-mail domain, e.g. 'tutoring.example.org', named in the last step. */
  orgEmailDomain?: string;
}

/**
 * The 'Onboarding complete!' popup with the next steps of §2: sign in to the Tutor Portal with
 * the temporary login, reset the password, then always sign in with the organisation e-mail.
 */
export function OnboardingCompletePopup({
  isOpen,
  defaultOpen,
  onOpenChange,
  firstName,
  tutorPortalHref,
  orgEmailDomain,
}: OnboardingCompletePopupProps) {
  return (
    <Modal
      title="Onboarding complete!"
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      footer={
        <Link href={tutorPortalHref} variant="primaryButton">
          Go to the Tutor Portal
        </Link>
      }
    >
      <p>
        {firstName ? `Congratulations, ${firstName}! ` : 'Congratulations! '}
        You have finished every onboarding step. From now on you will work in the Tutor Portal.
      </p>
      <h3 className={styles.stepsTitle}>Your next steps</h3>
      <Stack as="ol" gap="sm" className={styles.steps}>
        <li>
          Sign in to the Tutor Portal with the <strong>temporary login</strong> we sent to your
          e-mail.
        </li>
        <li>
          <strong>Reset your password</strong> when you are asked to, and keep it private.
        </li>
        <li>
          From then on, always sign in with your <strong>organisation e-mail</strong>
          {orgEmailDomain ? ` (the address ending in @${orgEmailDomain})` : ''}, not your personal
          one.
        </li>
      </Stack>
    </Modal>
  );
}
