import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import { Modal } from '../Modal/Modal';

export interface AvailabilitySubmittedPopupProps {
  /** Controlled open state: the portal opens it when the availability form reports success. */
  isOpen?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called with `false` when the user closes it. */
  onOpenChange?: (open: boolean) => void;
  /** The onboarding dashboard; when given, the popup offers a way back to it. */
  dashboardHref?: string;
}

/** The 'Availability Submitted!' confirmation of the onboarding availability step. */
export function AvailabilitySubmittedPopup({
  isOpen,
  defaultOpen,
  onOpenChange,
  dashboardHref,
}: AvailabilitySubmittedPopupProps) {
  return (
    <Modal
      title="Availability Submitted!"
      size="small"
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      footer={
        dashboardHref ? (
          <Link href={dashboardHref} variant="primaryButton">
            Back to the dashboard
          </Link>
        ) : (
          <Button slot="close">OK</Button>
        )
      }
    >
      <p>
        Thank you! We have your weekly availability and will use it to match you with a student
        whose schedule fits yours.
      </p>
      <p>If your schedule changes, submit the form again at any time.</p>
    </Modal>
  );
}
