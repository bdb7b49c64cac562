import {
  Button as AriaButton,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
import * as styles from './BackgroundCheckSteps.css';

export type BackgroundCheckRegion = 'california' | 'outside';

export interface BackgroundCheckStepsProps {
  /** The Live Scan request form to print (external, usually a PDF). */
  liveScanFormHref: string;
  /** A directory of Live Scan fingerprinting locations (external). */
  liveScanLocationsHref?: string;
  /** The online background-check provider, for residents outside California (external). */
  onlineCheckHref: string;
  /** The tab shown first. */
  defaultRegion?: BackgroundCheckRegion;
  /** Level of the headings inside the panels. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The background-check instructions of §2 in two react-aria-components Tabs (arrow keys move
 * between them): 'Living in or Visiting California' with the three Live Scan steps, and
 * 'Residents Outside of California' with the online check in three collapsible steps
 * (DisclosureGroup).
 */
export function BackgroundCheckSteps({
  liveScanFormHref,
  liveScanLocationsHref,
  onlineCheckHref,
  defaultRegion = 'california',
  headingLevel = 3,
}: BackgroundCheckStepsProps) {
  return (
    <Tabs defaultSelectedKey={defaultRegion} className={styles.tabs}>
      <TabList aria-label="Where you live" className={styles.tabList}>
        <Tab id="california" className={styles.tab}>
          Living in or Visiting California
        </Tab>
        <Tab id="outside" className={styles.tab}>
          Residents Outside of California
        </Tab>
      </TabList>

      <TabPanel id="california" className={styles.panel}>
        <p>
          California requires fingerprint-based checks (Live Scan) for volunteers who work with
          young people. It takes three steps:
        </p>
        <Stack as="ol" gap="lg" className={styles.steps}>
          <Stack as="li" gap="xs" className={styles.step}>
            <Heading level={headingLevel} className={styles.stepTitle}>
              Print the form
            </Heading>
            <p>
              Download and print the Live Scan request form. Fill in your details in the applicant
              section; the Organization's details are already filled in.
            </p>
            <p>
              <Link href={liveScanFormHref} external>
                Live Scan request form
              </Link>
            </p>
          </Stack>
          <Stack as="li" gap="xs" className={styles.step}>
            <Heading level={headingLevel} className={styles.stepTitle}>
              Get fingerprinted
            </Heading>
            <p>
              Take the printed form and a government-issued photo ID to a Live Scan location. Many
              locations take walk-ins, but calling ahead saves waiting. Keep the copy of the form
              the operator gives back to you.
            </p>
            {liveScanLocationsHref ? (
              <p>
                <Link href={liveScanLocationsHref} external>
                  Find a Live Scan location
                </Link>
              </p>
            ) : null}
          </Stack>
          <Stack as="li" gap="xs" className={styles.step}>
            <Heading level={headingLevel} className={styles.stepTitle}>
              Wait for your results
            </Heading>
            <p>
              The results go straight to the Organization, usually within one to two weeks. We mark
              this task complete when they arrive; there is nothing else you need to send.
            </p>
          </Stack>
        </Stack>
      </TabPanel>

      <TabPanel id="outside" className={styles.panel}>
        <p>
          Outside California, the check is done online in three steps. Open each step for the
          details.
        </p>
        <DisclosureGroup allowsMultipleExpanded className={styles.disclosures}>
          <Disclosure id="account" className={styles.disclosure}>
            <Heading level={headingLevel} className={styles.disclosureHeading}>
              <AriaButton slot="trigger" className={styles.disclosureTrigger}>
                <Icon name="chevronRight" className={styles.chevron} />
                Step 1: Create your account
              </AriaButton>
            </Heading>
            <DisclosurePanel>
              <Stack gap="sm" className={styles.disclosureBody}>
                <p>
                  Open the background-check provider's page and create an account with the same
                  e-mail address you used for your application, so we can match the result to you.
                </p>
                <p>
                  <Link href={onlineCheckHref} external>
                    Start the online background check
                  </Link>
                </p>
              </Stack>
            </DisclosurePanel>
          </Disclosure>
          <Disclosure id="details" className={styles.disclosure}>
            <Heading level={headingLevel} className={styles.disclosureHeading}>
              <AriaButton slot="trigger" className={styles.disclosureTrigger}>
                <Icon name="chevronRight" className={styles.chevron} />
                Step 2: Enter your details and give consent
              </AriaButton>
            </Heading>
            <DisclosurePanel>
              <Stack gap="sm" className={styles.disclosureBody}>
                <p>
                  Enter your legal name, date of birth and address history exactly as they appear on
                  your ID, then read and sign the consent to the check. The Organization pays for
                  it: you should not be asked for a payment.
                </p>
              </Stack>
            </DisclosurePanel>
          </Disclosure>
          <Disclosure id="results" className={styles.disclosure}>
            <Heading level={headingLevel} className={styles.disclosureHeading}>
              <AriaButton slot="trigger" className={styles.disclosureTrigger}>
                <Icon name="chevronRight" className={styles.chevron} />
                Step 3: Submit and wait for your results
              </AriaButton>
            </Heading>
            <DisclosurePanel>
              <Stack gap="sm" className={styles.disclosureBody}>
                <p>
                  Submit the check. The provider e-mails you if it needs anything else, and sends
                  the result to the Organization, usually within three to five business days. We
                  mark this task complete when it arrives.
                </p>
              </Stack>
            </DisclosurePanel>
          </Disclosure>
        </DisclosureGroup>
      </TabPanel>
    </Tabs>
  );
}
