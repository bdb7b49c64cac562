import { optionalUrlFromEnv, textFromEnv } from './readEnv';

const env = import.meta.env;
const projectId = textFromEnv(env.VITE_FIREBASE_PROJECT_ID, 'demo-tutoring');

export interface FirebaseWebConfig {
  readonly apiKey: string;
  readonly projectId: string;
  readonly authDomain: string;
}

/** The public Firebase web config: these values identify the project, they are not secrets. */
export const firebaseWebConfig: FirebaseWebConfig = {
  apiKey: textFromEnv(env.VITE_FIREBASE_API_KEY, 'demo-api-key'),
  projectId,
  authDomain: textFromEnv(env.VITE_FIREBASE_AUTH_DOMAIN, `${projectId}.firebaseapp.com`),
};

/** Set in development and tests (e.g. http://127.0.0.1:9099); unset means the real Firebase Auth. */
export const firebaseAuthEmulatorUrl: string | undefined = optionalUrlFromEnv(
  'VITE_FIREBASE_AUTH_EMULATOR_URL',
  env.VITE_FIREBASE_AUTH_EMULATOR_URL,
);
