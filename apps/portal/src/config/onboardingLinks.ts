// Every external link and embed of the onboarding area (§1, §2, §9: "many external links exist"),
// each overridable at build time. The embedded forms and scheduling widgets default to the
// server's development stand-in (GET /api/dev/forms, see apps/server/README.md): it completes an
// applicant's tasks through the same signed webhooks the real providers call, so `npm start`
// works offline end to end. Production builds set the VITE_* variables below.
import { apiBaseUrl } from './api';
import { urlFromEnv } from './readEnv';

declare global {
  interface ImportMetaEnv {
    readonly VITE_ONBOARDING_FAQ_URL?: string;
    readonly VITE_TUTOR_RESOURCES_URL?: string;
    readonly VITE_ONBOARDING_SUPPORT_MEETING_URL?: string;
    readonly VITE_ONBOARDING_SUPPORT_CONTACT_URL?: string;
    readonly VITE_WAIVER_FORM_URL?: string;
    readonly VITE_KNOWLEDGE_CHECK_FORM_URL?: string;
    readonly VITE_AVAILABILITY_FALLBACK_FORM_URL?: string;
    readonly VITE_TRAINING_SCHEDULING_URL?: string;
    readonly VITE_ONBOARDING_CHAT_SCHEDULING_URL?: string;
    readonly VITE_TUTORING_101_VIDEO_URL?: string;
    readonly VITE_RECORDED_TRAINING_URL?: string;
    readonly VITE_LIVE_TRAINING_EVENT_URL?: string;
    readonly VITE_OFFICE_HOURS_URL?: string;
    readonly VITE_MATH_TOOL_DEMO_URL?: string;
    readonly VITE_READING_TOOL_DEMO_URL?: string;
    readonly VITE_LIVE_SCAN_FORM_URL?: string;
    readonly VITE_LIVE_SCAN_LOCATIONS_URL?: string;
    readonly VITE_ONLINE_BACKGROUND_CHECK_URL?: string;
    readonly VITE_TUTOR_WORKBOOK_URL?: string;
    readonly VITE_KNOWLEDGE_CHECK_ANSWER_KEY_URL?: string;
    readonly VITE_TUTORING_STRATEGIES_URL?: string;
    readonly VITE_GROWTH_MINDSET_URL?: string;
    readonly VITE_CHILD_SAFETY_URL?: string;
  }
}

const env = import.meta.env;

/**
 * The server's development form page, under the API prefix like every dev route. Resolved against
 * the page's origin because the API base may be a path ('/api').
 */
const devFormsPage = new URL(
  `${apiBaseUrl.replace(/\/+$/, '')}/dev/forms`,
  globalThis.location?.origin ?? 'http://127.0.0.1:8080',
).href;

export interface OnboardingSupportLinks {
  readonly faq: string;
  readonly tutorResources: string;
  readonly meetWithOnboardingSupport: string;
  readonly contactOnboardingSupport: string;
}

/** The sidebar's Support group (§2). */
export const onboardingSupportLinks: OnboardingSupportLinks = {
  faq: urlFromEnv(
    'VITE_ONBOARDING_FAQ_URL',
    env.VITE_ONBOARDING_FAQ_URL,
    'https://www.tutoring.example.org/volunteer/faq',
  ),
  tutorResources: urlFromEnv(
    'VITE_TUTOR_RESOURCES_URL',
    env.VITE_TUTOR_RESOURCES_URL,
    'https://www.tutoring.example.org/volunteer/resources',
  ),
  meetWithOnboardingSupport: urlFromEnv(
    'VITE_ONBOARDING_SUPPORT_MEETING_URL',
    env.VITE_ONBOARDING_SUPPORT_MEETING_URL,
    'https://scheduling.tutoring.example.org/onboarding-support',
  ),
  contactOnboardingSupport: urlFromEnv(
    'VITE_ONBOARDING_SUPPORT_CONTACT_URL',
    env.VITE_ONBOARDING_SUPPORT_CONTACT_URL,
    'https://forms.tutoring.example.org/contact-onboarding-support',
  ),
};

export interface OnboardingEmbeds {
  /** The volunteer waiver form (prefilled with first name, last name and e-mail). */
  readonly waiverForm: string;
  /** The training knowledge check (prefilled with the form type and the tutor ID). */
  readonly knowledgeCheckForm: string;
  /** §5: the availability form built for a tutor whose own link is not a valid URL. */
  readonly availabilityFallbackForm: string;
  /** Live training dates (the 2-hour live virtual session). */
  readonly trainingScheduling: string;
  /** Booking the onboarding chat. */
  readonly onboardingChatScheduling: string;
  /** The recorded 'Tutoring 101' training. */
  readonly tutoring101Video: string;
}

export const onboardingEmbeds: OnboardingEmbeds = {
  waiverForm: urlFromEnv('VITE_WAIVER_FORM_URL', env.VITE_WAIVER_FORM_URL, devFormsPage),
  knowledgeCheckForm: urlFromEnv(
    'VITE_KNOWLEDGE_CHECK_FORM_URL',
    env.VITE_KNOWLEDGE_CHECK_FORM_URL,
    devFormsPage,
  ),
  availabilityFallbackForm: urlFromEnv(
    'VITE_AVAILABILITY_FALLBACK_FORM_URL',
    env.VITE_AVAILABILITY_FALLBACK_FORM_URL,
    devFormsPage,
  ),
  trainingScheduling: urlFromEnv(
    'VITE_TRAINING_SCHEDULING_URL',
    env.VITE_TRAINING_SCHEDULING_URL,
    devFormsPage,
  ),
  onboardingChatScheduling: urlFromEnv(
    'VITE_ONBOARDING_CHAT_SCHEDULING_URL',
    env.VITE_ONBOARDING_CHAT_SCHEDULING_URL,
    devFormsPage,
  ),
  tutoring101Video: urlFromEnv(
    'VITE_TUTORING_101_VIDEO_URL',
    env.VITE_TUTORING_101_VIDEO_URL,
    'https://video.tutoring.example.org/embed/tutoring-101',
  ),
};

export interface TrainingLinks {
  /** Refreshers once training is completed (§2): the recorded training, a live event, office hours. */
  readonly recordedTraining: string;
  readonly liveTrainingEvent: string;
  readonly officeHours: string;
  /** Demo accounts to practise with (§2): a math tool and a reading tool. */
  readonly mathToolDemo: string;
  readonly readingToolDemo: string;
  /** The printable tutor workbook that accompanies the training. */
  readonly tutorWorkbook: string;
  /** After the knowledge check: its answer key and extra learning resources. */
  readonly knowledgeCheckAnswerKey: string;
  readonly tutoringStrategies: string;
  readonly growthMindset: string;
  readonly childSafety: string;
}

export const trainingLinks: TrainingLinks = {
  recordedTraining: urlFromEnv(
    'VITE_RECORDED_TRAINING_URL',
    env.VITE_RECORDED_TRAINING_URL,
    'https://video.tutoring.example.org/watch/tutoring-101',
  ),
  liveTrainingEvent: urlFromEnv(
    'VITE_LIVE_TRAINING_EVENT_URL',
    env.VITE_LIVE_TRAINING_EVENT_URL,
    'https://scheduling.tutoring.example.org/live-training',
  ),
  officeHours: urlFromEnv(
    'VITE_OFFICE_HOURS_URL',
    env.VITE_OFFICE_HOURS_URL,
    'https://scheduling.tutoring.example.org/office-hours',
  ),
  mathToolDemo: urlFromEnv(
    'VITE_MATH_TOOL_DEMO_URL',
    env.VITE_MATH_TOOL_DEMO_URL,
    'https://math.example.org/demo',
  ),
  readingToolDemo: urlFromEnv(
    'VITE_READING_TOOL_DEMO_URL',
    env.VITE_READING_TOOL_DEMO_URL,
    'https://reading.example.org/demo',
  ),
  tutorWorkbook: urlFromEnv(
    'VITE_TUTOR_WORKBOOK_URL',
    env.VITE_TUTOR_WORKBOOK_URL,
    'https://www.tutoring.example.org/volunteer/tutor-workbook.pdf',
  ),
  knowledgeCheckAnswerKey: urlFromEnv(
    'VITE_KNOWLEDGE_CHECK_ANSWER_KEY_URL',
    env.VITE_KNOWLEDGE_CHECK_ANSWER_KEY_URL,
    'https://www.tutoring.example.org/volunteer/knowledge-check-answers.pdf',
  ),
  tutoringStrategies: urlFromEnv(
    'VITE_TUTORING_STRATEGIES_URL',
    env.VITE_TUTORING_STRATEGIES_URL,
    'https://www.tutoring.example.org/volunteer/resources/tutoring-strategies',
  ),
  growthMindset: urlFromEnv(
    'VITE_GROWTH_MINDSET_URL',
    env.VITE_GROWTH_MINDSET_URL,
    'https://www.tutoring.example.org/volunteer/resources/growth-mindset',
  ),
  childSafety: urlFromEnv(
    'VITE_CHILD_SAFETY_URL',
    env.VITE_CHILD_SAFETY_URL,
    'https://www.tutoring.example.org/volunteer/resources/child-safety',
  ),
};

export interface BackgroundCheckLinks {
  readonly liveScanForm: string;
  readonly liveScanLocations: string;
  readonly onlineCheck: string;
}

export const backgroundCheckLinks: BackgroundCheckLinks = {
  liveScanForm: urlFromEnv(
    'VITE_LIVE_SCAN_FORM_URL',
    env.VITE_LIVE_SCAN_FORM_URL,
    'https://www.tutoring.example.org/volunteer/live-scan-request-form.pdf',
  ),
  liveScanLocations: urlFromEnv(
    'VITE_LIVE_SCAN_LOCATIONS_URL',
    env.VITE_LIVE_SCAN_LOCATIONS_URL,
    'https://oag.ca.gov/fingerprints/locations',
  ),
  // The development stand-in clears the check, as the provider's result webhook would.
  onlineCheck: urlFromEnv(
    'VITE_ONLINE_BACKGROUND_CHECK_URL',
    env.VITE_ONLINE_BACKGROUND_CHECK_URL,
    devFormsPage,
  ),
};
