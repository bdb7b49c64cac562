// With its file extension: the build config (scripts/webAppManifest.ts) loads this module too.
import { textFromEnv } from './readEnv.ts';

/** The build variables the installed app's names are read from. */
export interface InstalledAppEnv {
  readonly VITE_ORG_NAME?: string | undefined;
  readonly VITE_ORG_SHORT_NAME?: string | undefined;
}

/**
 * The installed app's names (the web app manifest's name and short_name), read by the build
 * config from Vite's loadEnv: the organisation's name as src/config/organisation.ts reads it (a
 * test holds the two defaults together), and a short one for a phone's home screen.
 */
export function installedAppNames(env: InstalledAppEnv): { name: string; shortName: string } {
  return {
    name: textFromEnv(env.VITE_ORG_NAME, 'Volunteer Tutoring Network'),
    // A home screen shows about 12 characters under an icon.
    shortName: textFromEnv(env.VITE_ORG_SHORT_NAME, 'Tutoring'),
  };
}
