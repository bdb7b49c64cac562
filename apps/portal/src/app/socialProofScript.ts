import { socialProofScriptUrl } from '../config/socialProof';
import { addExternalScript } from './externalScript';

/** Loads the external social-proof script (§1) once, asynchronously, on whatever page opens first. */
export function loadSocialProofScript(doc: Document = document): void {
  addExternalScript('social-proof', socialProofScriptUrl, doc);
}
