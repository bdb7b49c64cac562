// Every build-time variable (VITE_*) the portal reads, with what it is for: the one list of them.
// Each is optional; its default sits where it is read (src/config/*.ts). apps/portal/.env.example is
// written from this list (`pnpm --filter @tutoring/portal env:example`), and a test fails when the
// list, the file and the variables the code reads differ.
export const portalBuildEnv = {
  // The backend and sign-in.
  VITE_API_BASE_URL: 'Where the API is: a path on this origin (default /api) or an absolute URL.',
  VITE_FIREBASE_API_KEY: "The Firebase project's web API key.",
  VITE_FIREBASE_PROJECT_ID: 'The Firebase project (default demo-tutoring, the emulator’s).',
  VITE_FIREBASE_AUTH_DOMAIN:
    'Firebase Auth domain for the Google pop-up (default <project>.firebaseapp.com).',
  VITE_FIREBASE_AUTH_EMULATOR_URL: 'Auth emulator URL, development only; unset in production.',
  VITE_TOKEN_SYNC_URL: "Optional: a URL the session's ID token is synced to after sign-in (§7).",
  VITE_ORG_NAME: "The organisation's name as the portal shows it.",
  VITE_ORG_SHORT_NAME: "The installed app's name under its icon on a phone (about 12 characters).",
  VITE_ORG_DOMAIN:
    "Domain of tutors' Google accounts: the sign-in pop-up's hint and the home page.",
  // Public pages.
  VITE_MAIN_WEBSITE_URL: "The organisation's main website.",
  VITE_STUDENT_PORTAL_URL: 'The student portal, linked from the home page.',
  VITE_VOLUNTEER_TUTOR_APPLICATION_URL: 'Where new volunteers apply to tutor.',
  VITE_STUDENT_APPLICATION_URL: 'Where families apply for a tutor.',
  VITE_REPORT_ISSUE_URL: 'Form for reporting a problem with the portal (error pages).',
  VITE_FACEBOOK_URL: "The organisation's Facebook page (footer).",
  VITE_INSTAGRAM_URL: "The organisation's Instagram (footer).",
  VITE_LINKEDIN_URL: "The organisation's LinkedIn page (footer).",
  VITE_CREDIT_FORMS_URL: 'The forms provider, credited on /credits.',
  VITE_CREDIT_SCHEDULING_URL: 'The scheduling provider, credited on /credits.',
  VITE_CREDIT_VIDEO_URL: 'The video provider, credited on /credits.',
  VITE_SUPPORT_CHAT_SCRIPT_URL:
    'Script of the support chat widget (its host goes in SCRIPT_ORIGINS).',
  VITE_SUPPORT_CHAT_WIDGET_SELECTOR: "CSS selector of the support chat's widget element.",
  VITE_SOCIAL_PROOF_SCRIPT_URL:
    'Script of the social-proof widget (its host goes in SCRIPT_ORIGINS).',
  // Onboarding: support links.
  VITE_ONBOARDING_FAQ_URL: "Onboarding sidebar: the volunteers' FAQ.",
  VITE_TUTOR_RESOURCES_URL: 'Onboarding sidebar: resources for tutors.',
  VITE_ONBOARDING_SUPPORT_MEETING_URL:
    'Onboarding sidebar: book a meeting with onboarding support.',
  VITE_ONBOARDING_SUPPORT_CONTACT_URL: 'Onboarding sidebar: contact onboarding support.',
  // Onboarding: embedded providers (default: the server's development stand-in, /api/dev/forms).
  VITE_WAIVER_FORM_URL: 'The volunteer waiver form (embedded). Set in production.',
  VITE_KNOWLEDGE_CHECK_FORM_URL: 'The training knowledge check form (embedded). Set in production.',
  VITE_AVAILABILITY_FALLBACK_FORM_URL:
    "Availability form when a tutor's own link is not a URL (§5). Set in production.",
  VITE_TRAINING_SCHEDULING_URL:
    'Scheduling widget for live training (embedded). Set in production.',
  VITE_ONBOARDING_CHAT_SCHEDULING_URL:
    'Scheduling widget for the onboarding chat (embedded). Set in production.',
  VITE_ONLINE_BACKGROUND_CHECK_URL: 'The online background check (embedded). Set in production.',
  // Onboarding: training and background check.
  VITE_TUTORING_101_VIDEO_URL: 'The Tutoring 101 training video (embedded).',
  VITE_RECORDED_TRAINING_URL: 'The recorded training, to watch in a new tab.',
  VITE_LIVE_TRAINING_EVENT_URL: 'Sign-up page of the live training event.',
  VITE_OFFICE_HOURS_URL: 'Office hours for applicants.',
  VITE_MATH_TOOL_DEMO_URL: 'Demo of the math tool tutors use.',
  VITE_READING_TOOL_DEMO_URL: 'Demo of the reading tool tutors use.',
  VITE_TUTOR_WORKBOOK_URL: 'The tutor workbook (PDF).',
  VITE_KNOWLEDGE_CHECK_ANSWER_KEY_URL: "The knowledge check's answer key (PDF).",
  VITE_TUTORING_STRATEGIES_URL: 'Training resource: tutoring strategies.',
  VITE_GROWTH_MINDSET_URL: 'Training resource: growth mindset.',
  VITE_CHILD_SAFETY_URL: 'Training resource: child safety.',
  VITE_LIVE_SCAN_FORM_URL: 'The Live Scan request form (PDF), for the in-person background check.',
  VITE_LIVE_SCAN_LOCATIONS_URL: 'Where Live Scan fingerprinting is done.',
  // Tutoring dashboard.
  VITE_SESSION_FORM_URL: 'The weekly session form tutors fill in after a session.',
  VITE_SPRING_POST_ASSESSMENT_URL: "The spring post-assessment form of a student's pathway.",
  VITE_TUTOR_UPDATE_INFORMATION_URL: 'Form to update a tutor’s information.',
  VITE_TUTOR_AVAILABILITY_FORM_URL: "Form to change a tutor's availability.",
  VITE_WEEKLY_PROGRESS_REPORT_URL: 'The weekly progress report form.',
  VITE_REQUEST_SUB_URL: 'Form to request a substitute tutor.',
  VITE_VOLUNTEER_AS_SUB_URL: 'Form to volunteer as a substitute.',
  VITE_HELP_CENTER_URL: 'The help center.',
  VITE_TUTOR_HANDBOOK_URL: 'The tutor handbook.',
  VITE_OFFICE_HOURS_SIGN_UP_URL: 'Sign-up for office hours for tutors.',
  VITE_LEARNING_PORTAL_DEMO_URL: 'Demo of the learning portal.',
  VITE_LEARNING_PORTAL_LOGIN_URL: 'Sign-in page of the learning portal.',
  VITE_REQUEST_FEATURE_URL: 'Form to request a portal feature.',
  VITE_REPORT_BUG_URL: 'Form to report a bug in the portal.',
  VITE_QUESTION_SCHEDULING_URL: 'Book a time to ask the tutoring team a question.',
  VITE_TUTOR_SUPPORT_EMAIL: 'E-mail address of tutor support.',
  VITE_CURRICULUM_URL: 'The curriculum in the learning portal.',
  VITE_ADD_DROP_STUDENTS_URL: 'Form to add or drop students.',
  VITE_MATCH_SUPPORT_EMAIL: 'E-mail address for questions about matches.',
} as const;

export type PortalBuildVariable = keyof typeof portalBuildEnv;
