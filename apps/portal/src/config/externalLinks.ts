import { urlFromEnv } from './readEnv';

const env = import.meta.env;

export interface SocialLink {
  /** The accessible name of the link, e.g. 'Facebook'. */
  readonly label: string;
  readonly href: string;
}

export interface ExternalLinks {
  readonly mainWebsite: string;
  /** The separate student portal (§1): students sign in there with their tutoring code. */
  readonly studentPortal: string;
  readonly volunteerTutorApplication: string;
  readonly studentApplication: string;
  readonly reportIssueForm: string;
  readonly socialLinks: readonly [SocialLink, SocialLink, SocialLink];
}

export const externalLinks: ExternalLinks = {
  mainWebsite: urlFromEnv(
    'VITE_MAIN_WEBSITE_URL',
    env.VITE_MAIN_WEBSITE_URL,
    'https://www.tutoring.example.org/',
  ),
  studentPortal: urlFromEnv(
    'VITE_STUDENT_PORTAL_URL',
    env.VITE_STUDENT_PORTAL_URL,
    'https://students.tutoring.example.org/',
  ),
  volunteerTutorApplication: urlFromEnv(
    'VITE_VOLUNTEER_TUTOR_APPLICATION_URL',
    env.VITE_VOLUNTEER_TUTOR_APPLICATION_URL,
    'https://www.tutoring.example.org/volunteer/apply',
  ),
  studentApplication: urlFromEnv(
    'VITE_STUDENT_APPLICATION_URL',
    env.VITE_STUDENT_APPLICATION_URL,
    'https://www.tutoring.example.org/students/apply',
  ),
  reportIssueForm: urlFromEnv(
    'VITE_REPORT_ISSUE_URL',
    env.VITE_REPORT_ISSUE_URL,
    'https://forms.tutoring.example.org/report-an-issue',
  ),
  socialLinks: [
    {
      label: 'Facebook',
      href: urlFromEnv(
        'VITE_FACEBOOK_URL',
        env.VITE_FACEBOOK_URL,
        'https://facebook.example.com/tutoring',
      ),
    },
    {
      label: 'Instagram',
      href: urlFromEnv(
        'VITE_INSTAGRAM_URL',
        env.VITE_INSTAGRAM_URL,
        'https://instagram.example.com/tutoring',
      ),
    },
    {
      label: 'LinkedIn',
      href: urlFromEnv(
        'VITE_LINKEDIN_URL',
        env.VITE_LINKEDIN_URL,
        'https://linkedin.example.com/company/tutoring',
      ),
    },
  ],
};
