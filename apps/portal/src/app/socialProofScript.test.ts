import type { Window as HappyDomWindow } from 'happy-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socialProofScriptUrl } from '../config/socialProof';
import { loadSocialProofScript } from './socialProofScript';

const socialProofScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src === socialProofScriptUrl);

beforeAll(() => {
  // The test looks at the script element: happy-dom must not download the provider's script.
  const { settings } = (window as unknown as HappyDomWindow).happyDOM;
  settings.disableJavaScriptFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  for (const script of socialProofScripts()) script.remove();
});

describe('loadSocialProofScript', () => {
  it('adds the configured script once, async so that it never blocks the page', () => {
    loadSocialProofScript();
    loadSocialProofScript();
    expect(socialProofScripts()).toHaveLength(1);
    expect(socialProofScripts()[0]?.async).toBe(true);
    expect(socialProofScripts()[0]?.parentElement).toBe(document.head);
  });
});
