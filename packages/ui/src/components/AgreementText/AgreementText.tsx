import { useId } from 'react';
import { Heading } from 'react-aria-components';
import { Stack } from '../Stack/Stack';
import * as styles from './AgreementText.css';

export interface AgreementTextProps {
  /** The organisation's legal name, e.g. 'Volunteer Tutoring Inc.' */
  orgName: string;
  /** Level of the section headings; the agreement's own title is one level higher. */
  headingLevel?: 2 | 3 | 4;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/** Minimum age of a volunteer tutor (§5, §9). */
export const minimumVolunteerAge = 16;

/**
 * The signed volunteer agreement, shown after the waiver is completed: six sections (volunteer
 * tutor, code of conduct, representations, waiver and release, indemnification, general), with
 * the minimum age of 16 and California law.
 */
export function AgreementText({ orgName, headingLevel = 3, className }: AgreementTextProps) {
  const titleLevel = (headingLevel - 1) as 1 | 2 | 3;
  const sectionLevel = headingLevel;
  const titleId = useId();
  return (
    <Stack
      as="article"
      gap="lg"
      className={[styles.agreement, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <Heading level={titleLevel} id={titleId} className={styles.title}>
        Volunteer Tutor Agreement
      </Heading>
      <p>
        This Volunteer Tutor Agreement (the "Agreement") is between {orgName} (the "Organization")
        and you, the volunteer tutor ("you"). Please read it carefully: by signing it you accept its
        terms.
      </p>

      <Stack as="section" gap="sm">
        <Heading level={sectionLevel} className={styles.sectionTitle}>
          1. Volunteer Tutor
        </Heading>
        <p>
          You offer your time freely to tutor students through the Organization's programs. You are
          a volunteer, not an employee, agent or contractor of the Organization, and you will not
          receive wages, benefits or other compensation for your service. Nothing in this Agreement
          creates an employment relationship or a promise of future employment.
        </p>
        <p>
          You agree to complete the onboarding the Organization requires (including training, a
          background check and your availability), to attend the sessions you schedule, and to tell
          the Organization promptly if you can no longer tutor or need a substitute. The
          Organization may end your participation at any time, and you may stop volunteering at any
          time by telling the Organization.
        </p>
      </Stack>

      <Stack as="section" gap="sm">
        <Heading level={sectionLevel} className={styles.sectionTitle}>
          2. Code of Conduct
        </Heading>
        <p>While volunteering, you agree to:</p>
        <Stack as="ul" gap="xs" className={styles.list}>
          <li>
            treat students, guardians, staff and other volunteers with respect, patience and
            fairness, and never discriminate against or harass anyone;
          </li>
          <li>
            meet students only through the platforms and channels the Organization provides, never
            alone in person, and never contact a student or guardian through personal social media,
            personal phone numbers or personal e-mail;
          </li>
          <li>
            keep students' personal information confidential and use it only to tutor them, and
            never record, photograph or share a session without the Organization's written consent;
          </li>
          <li>
            use appropriate language, dress and surroundings in every session, and keep sessions
            focused on learning;
          </li>
          <li>
            not give or accept gifts or money, and not offer paid tutoring to students you meet
            through the Organization;
          </li>
          <li>
            report to the Organization right away any concern about a student's safety or
            well-being, any suspected abuse or neglect, and any conduct that breaks this code.
          </li>
        </Stack>
      </Stack>

      <Stack as="section" gap="sm">
        <Heading level={sectionLevel} className={styles.sectionTitle}>
          3. Representations
        </Heading>
        <p>You confirm that:</p>
        <Stack as="ul" gap="xs" className={styles.list}>
          <li>
            you are at least <strong>{minimumVolunteerAge} years old</strong>
            {';'}
          </li>
          <li>
            the information you gave in your application and onboarding is true and complete, and
            you will tell the Organization if it changes;
          </li>
          <li>
            you have not been convicted of, and are not charged with, any offence involving
            children, violence, sexual misconduct or dishonesty, and you consent to the background
            check the Organization requires;
          </li>
          <li>you are able to carry out the volunteer activities described in this Agreement.</li>
        </Stack>
      </Stack>

      <Stack as="section" gap="sm">
        <Heading level={sectionLevel} className={styles.sectionTitle}>
          4. Waiver and Release
        </Heading>
        <p>
          You take part in the Organization's activities voluntarily and at your own risk. To the
          fullest extent the law allows, you release and waive any claim against the Organization,
          its directors, officers, employees, volunteers and partners for any injury, loss or damage
          arising from your volunteer activities, except to the extent caused by their gross
          negligence or wilful misconduct.
        </p>
        <p>
          You are responsible for your own equipment, internet connection and workspace. You also
          allow the Organization to use your name and the non-confidential results of your work (for
          example, hours tutored) in reports to its funders and partners.
        </p>
      </Stack>

      <Stack as="section" gap="sm">
        <Heading level={sectionLevel} className={styles.sectionTitle}>
          5. Indemnification
        </Heading>
        <p>
          You agree to indemnify and hold harmless the Organization, its directors, officers,
          employees and volunteers from any claim, liability, loss or expense (including reasonable
          attorneys' fees) arising from your breach of this Agreement, your violation of any law, or
          your gross negligence or wilful misconduct while volunteering.
        </p>
      </Stack>

      <Stack as="section" gap="sm">
        <Heading level={sectionLevel} className={styles.sectionTitle}>
          6. General
        </Heading>
        <p>
          This Agreement is governed by the laws of the <strong>State of California</strong>,
          without regard to its conflict-of-law rules. If any part of it is found unenforceable, the
          rest remains in effect. It is the entire agreement between you and the Organization about
          your volunteer service and replaces any earlier understanding; changes must be in writing.
          Your electronic signature has the same effect as a handwritten one.
        </p>
      </Stack>
    </Stack>
  );
}
