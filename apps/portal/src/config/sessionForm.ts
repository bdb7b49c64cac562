import { urlFromEnv } from './readEnv';

declare global {
  interface ImportMetaEnv {
    readonly VITE_SESSION_FORM_URL?: string;
  }
}

export interface SessionFormConfig {
  /** The weekly session form of the external form provider (§2 session-form). */
  readonly url: string;
  /**
   * Whether the form is served by the form provider, whose pages are long: the embed is then
   * 4000 px tall, 6200 px under 768 px (§2 Embedded content, §9).
   */
  readonly isFormProvider: boolean;
}

export const sessionForm: SessionFormConfig = {
  url: urlFromEnv(
    'VITE_SESSION_FORM_URL',
    import.meta.env.VITE_SESSION_FORM_URL,
    'https://forms.tutoring.example.org/weekly-session',
  ),
  isFormProvider: true,
};
