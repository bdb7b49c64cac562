/// <reference types="vite/client" />

// Build-time settings (CONVENTIONS: "Vite env the portal reads"); every one is optional and has a
// default in src/config.
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_ORG_DOMAIN?: string;
  readonly VITE_ORG_NAME?: string;
  readonly VITE_ORG_SHORT_NAME?: string;
  readonly VITE_MAIN_WEBSITE_URL?: string;
  readonly VITE_STUDENT_PORTAL_URL?: string;
  readonly VITE_VOLUNTEER_TUTOR_APPLICATION_URL?: string;
  readonly VITE_STUDENT_APPLICATION_URL?: string;
  readonly VITE_REPORT_ISSUE_URL?: string;
  readonly VITE_SUPPORT_CHAT_SCRIPT_URL?: string;
  readonly VITE_SUPPORT_CHAT_WIDGET_SELECTOR?: string;
  readonly VITE_SOCIAL_PROOF_SCRIPT_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_LINKEDIN_URL?: string;
  readonly VITE_CREDIT_FORMS_URL?: string;
  readonly VITE_CREDIT_SCHEDULING_URL?: string;
  readonly VITE_CREDIT_VIDEO_URL?: string;
  /** Set by the build (vite.config.ts, scripts/buildVersion.ts), not by the environment's .env. */
  readonly PORTAL_BUILD_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
