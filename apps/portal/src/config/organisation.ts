import { textFromEnv } from './readEnv';

export interface Organisation {
  /** Shown in the copyright line and page titles. */
  readonly name: string;
  /** The Google Workspace domain tutors sign in with (§1, §6). */
  readonly domain: string;
}

export const organisation: Organisation = {
  name: textFromEnv(import.meta.env.VITE_ORG_NAME, 'Volunteer Tutoring Network'),
  domain: textFromEnv(import.meta.env.VITE_ORG_DOMAIN, 'tutoring.example.org'),
};
