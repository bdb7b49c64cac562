import { urlFromEnv } from './readEnv';

declare global {
  // Build-time overrides of the tutoring area's external links (all optional).
  interface ImportMetaEnv {
    readonly VITE_TUTOR_UPDATE_INFORMATION_URL?: string;
    readonly VITE_TUTOR_AVAILABILITY_FORM_URL?: string;
    readonly VITE_WEEKLY_PROGRESS_REPORT_URL?: string;
    readonly VITE_REQUEST_SUB_URL?: string;
    readonly VITE_VOLUNTEER_AS_SUB_URL?: string;
    readonly VITE_HELP_CENTER_URL?: string;
    readonly VITE_TUTOR_HANDBOOK_URL?: string;
    readonly VITE_OFFICE_HOURS_SIGN_UP_URL?: string;
    readonly VITE_LEARNING_PORTAL_DEMO_URL?: string;
    readonly VITE_REQUEST_FEATURE_URL?: string;
    readonly VITE_REPORT_BUG_URL?: string;
    readonly VITE_LEARNING_PORTAL_LOGIN_URL?: string;
  }
}

const env = import.meta.env;

export interface TutoringLinks {
  /** The organisation's form where tutors update their details (the header's 'Update Information'). */
  readonly updateInformation: string;
  /**
   * The availability form used when a tutor has no valid form link of their own (§5 fallback:
   * recordID, availability, type, studentCount, name and tutorID are added to it).
   */
  readonly availabilityFormFallback: string;
  readonly weeklyProgressReport: string;
  readonly requestSub: string;
  readonly volunteerAsSub: string;
  readonly helpCenter: string;
  readonly tutorHandbook: string;
  readonly officeHoursSignUp: string;
  readonly learningPortalDemo: string;
  readonly requestFeature: string;
  /** The bug-report form: the sidebar's 'Report a bug' and the account-not-found remedies. */
  readonly reportBug: string;
  /** The learning portal's login page the student rows open in a new tab (§7). */
  readonly learningPortalLogin: string;
}

export const tutoringLinks: TutoringLinks = {
  updateInformation: urlFromEnv(
    'VITE_TUTOR_UPDATE_INFORMATION_URL',
    env.VITE_TUTOR_UPDATE_INFORMATION_URL,
    'https://forms.tutoring.example.org/update-tutor-information',
  ),
  availabilityFormFallback: urlFromEnv(
    'VITE_TUTOR_AVAILABILITY_FORM_URL',
    env.VITE_TUTOR_AVAILABILITY_FORM_URL,
    'https://forms.tutoring.example.org/tutor-availability',
  ),
  weeklyProgressReport: urlFromEnv(
    'VITE_WEEKLY_PROGRESS_REPORT_URL',
    env.VITE_WEEKLY_PROGRESS_REPORT_URL,
    'https://forms.tutoring.example.org/weekly-progress-report',
  ),
  requestSub: urlFromEnv(
    'VITE_REQUEST_SUB_URL',
    env.VITE_REQUEST_SUB_URL,
    'https://forms.tutoring.example.org/request-a-sub',
  ),
  volunteerAsSub: urlFromEnv(
    'VITE_VOLUNTEER_AS_SUB_URL',
    env.VITE_VOLUNTEER_AS_SUB_URL,
    'https://forms.tutoring.example.org/volunteer-as-a-sub',
  ),
  helpCenter: urlFromEnv(
    'VITE_HELP_CENTER_URL',
    env.VITE_HELP_CENTER_URL,
    'https://help.tutoring.example.org/',
  ),
  tutorHandbook: urlFromEnv(
    'VITE_TUTOR_HANDBOOK_URL',
    env.VITE_TUTOR_HANDBOOK_URL,
    'https://help.tutoring.example.org/tutor-handbook',
  ),
  officeHoursSignUp: urlFromEnv(
    'VITE_OFFICE_HOURS_SIGN_UP_URL',
    env.VITE_OFFICE_HOURS_SIGN_UP_URL,
    'https://scheduling.tutoring.example.org/office-hours',
  ),
  learningPortalDemo: urlFromEnv(
    'VITE_LEARNING_PORTAL_DEMO_URL',
    env.VITE_LEARNING_PORTAL_DEMO_URL,
    'https://learning.tutoring.example.org/demo',
  ),
  requestFeature: urlFromEnv(
    'VITE_REQUEST_FEATURE_URL',
    env.VITE_REQUEST_FEATURE_URL,
    'https://forms.tutoring.example.org/request-a-feature',
  ),
  reportBug: urlFromEnv(
    'VITE_REPORT_BUG_URL',
    env.VITE_REPORT_BUG_URL,
    'https://forms.tutoring.example.org/report-a-bug',
  ),
  learningPortalLogin: urlFromEnv(
    'VITE_LEARNING_PORTAL_LOGIN_URL',
    env.VITE_LEARNING_PORTAL_LOGIN_URL,
    'https://learning.tutoring.example.org/login',
  ),
};
