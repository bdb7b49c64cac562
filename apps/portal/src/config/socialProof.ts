import { urlFromEnv } from './readEnv';

/** The external social-proof script (§1), loaded once on every page; it is not part of our bundle. */
export const socialProofScriptUrl: string = urlFromEnv(
  'VITE_SOCIAL_PROOF_SCRIPT_URL',
  import.meta.env.VITE_SOCIAL_PROOF_SCRIPT_URL,
  'https://proof.tutoring.example.org/widget.js',
);
