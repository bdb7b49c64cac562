import { textFromEnv, urlFromEnv } from './readEnv';
import { tutoringLinks } from './tutoringLinks';

const env = import.meta.env;

declare global {
  interface ImportMetaEnv {
    readonly VITE_QUESTION_SCHEDULING_URL?: string;
    readonly VITE_TUTOR_SUPPORT_EMAIL?: string;
    readonly VITE_CURRICULUM_URL?: string;
    readonly VITE_ADD_DROP_STUDENTS_URL?: string;
    readonly VITE_MATCH_SUPPORT_EMAIL?: string;
  }
}

/** One link of the support page: a web page (new tab) or an e-mail address (mail client). */
export interface SupportLink {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly href: string;
  readonly kind: 'web' | 'email';
}

export interface SupportLinkGroup {
  readonly id: string;
  readonly title: string;
  readonly links: readonly SupportLink[];
}

function webLink(
  id: string,
  label: string,
  description: string,
  envName: string,
  envValue: string | undefined,
  fallback: string,
): SupportLink {
  return { id, label, description, href: urlFromEnv(envName, envValue, fallback), kind: 'web' };
}

function emailLink(
  id: string,
  label: string,
  description: string,
  envName: string,
  envValue: string | undefined,
  fallback: string,
): SupportLink {
  const address = textFromEnv(envValue, fallback);
  // A typo here would only surface when a tutor clicks the link: fail the build instead.
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
    throw new Error(`${envName} must be an e-mail address, got '${address}'.`);
  }
  return { id, label, description, href: `mailto:${address}`, kind: 'email' };
}

/**
 * The support page's three groups of §2: 1-on-1 Support, Resources and Match Support. Links the
 * sidebar also shows come from tutoringLinks, so one override changes both.
 */
export const tutoringSupportLinkGroups: readonly [
  SupportLinkGroup,
  SupportLinkGroup,
  SupportLinkGroup,
] = [
  {
    id: 'one-on-one',
    title: '1-on-1 Support',
    links: [
      {
        id: 'office-hours',
        label: 'Sign Up for Office Hours',
        description:
          'Drop in to a live session with the tutor support team and bring any question.',
        href: tutoringLinks.officeHoursSignUp,
        kind: 'web',
      },
      webLink(
        'question-call',
        'Book a Call About a Question',
        'Pick a time for a one-on-one call with a tutor coordinator.',
        'VITE_QUESTION_SCHEDULING_URL',
        env.VITE_QUESTION_SCHEDULING_URL,
        'https://scheduling.tutoring.example.org/tutor-questions',
      ),
      emailLink(
        'tutor-support-email',
        'E-mail Tutor Support',
        'Write to us about anything else; we answer within two working days.',
        'VITE_TUTOR_SUPPORT_EMAIL',
        env.VITE_TUTOR_SUPPORT_EMAIL,
        'tutorsupport@tutoring.example.org',
      ),
    ],
  },
  {
    id: 'resources',
    title: 'Resources',
    links: [
      {
        id: 'help-center',
        label: 'Help Center',
        description:
          'Answers to common questions about sessions, the portal and the learning tools.',
        href: tutoringLinks.helpCenter,
        kind: 'web',
      },
      {
        id: 'tutor-handbook',
        label: 'Tutor Handbook',
        description: 'Our policies, expectations and tips for great sessions.',
        href: tutoringLinks.tutorHandbook,
        kind: 'web',
      },
      webLink(
        'curriculum',
        'Curriculum',
        'The units and lessons behind the learning pathways.',
        'VITE_CURRICULUM_URL',
        env.VITE_CURRICULUM_URL,
        'https://learning.tutoring.example.org/curriculum',
      ),
      {
        id: 'learning-portal-demo',
        label: 'Learning Portal Demo',
        description: 'Try the learning portal with a demo student before a session.',
        href: tutoringLinks.learningPortalDemo,
        kind: 'web',
      },
    ],
  },
  {
    id: 'match-support',
    title: 'Match Support',
    links: [
      {
        id: 'request-sub',
        label: 'Request a Sub',
        description: 'Cannot make a session? Ask for a substitute tutor.',
        href: tutoringLinks.requestSub,
        kind: 'web',
      },
      {
        id: 'volunteer-as-sub',
        label: 'Volunteer as a Sub',
        description: 'Cover a session for another tutor.',
        href: tutoringLinks.volunteerAsSub,
        kind: 'web',
      },
      webLink(
        'add-drop-students',
        'Add or Drop Students',
        'Ask for another student, or to end a match.',
        'VITE_ADD_DROP_STUDENTS_URL',
        env.VITE_ADD_DROP_STUDENTS_URL,
        'https://forms.tutoring.example.org/add-drop-students',
      ),
      emailLink(
        'match-support-email',
        'E-mail Match Support',
        'Questions or concerns about a match, its schedule or a family.',
        'VITE_MATCH_SUPPORT_EMAIL',
        env.VITE_MATCH_SUPPORT_EMAIL,
        'matches@tutoring.example.org',
      ),
    ],
  },
];
