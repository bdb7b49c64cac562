// Translation of texts between tutors and the families who read another language. DeepL through
// its official client when DEEPL_AUTH_KEY is set; otherwise translation is off and the portal says
// that messages go out exactly as written. Another provider fits behind the same interface: it
// names the languages it translates into and translates one text.
import type { TargetLanguageCode, Translator } from 'deepl-node';

export interface TranslatedText {
  text: string;
  /** BCP 47 primary tag of the language the provider read the text as, e.g. 'es' or 'en'. */
  sourceLanguage: string;
}

export interface TranslationProvider {
  kind: 'deepl' | 'off';
  /** Whether texts can be translated into this language (BCP 47 primary tag, e.g. 'es'). */
  supports(languageCode: string): boolean;
  /**
   * Translates one text into `targetLanguage` (a tag `supports` accepts, or 'en'); the source
   * language is detected. Rejects with TranslationError when the provider fails.
   */
  translate(text: string, targetLanguage: string): Promise<TranslatedText>;
}

export class TranslationError extends Error {
  override name = 'TranslationError';
}

/**
 * DeepL's target languages (deepl-node 1.28), by BCP 47 primary tag. A family whose language is
 * not here gets the honest notice, and its texts go out as written.
 */
const deeplTargets = new Set(
  `ace af an ar as ay az ba be bg bho bn br bs ca ceb ckb cs cy da de el en eo es et eu fa fi
   fr ga gl gn gom gu ha he hi hr ht hu hy id ig is it ja jv ka kk kmr ko ky la lb lmo ln lt lv
   mai mg mi mk ml mn mr ms mt my nb ne nl oc om pa pag pam pl prs ps pt qu ro ru sa scn sk sl
   sq sr st su sv sw ta te tg th tk tl tn tr ts tt uk ur uz vi wo xh yi yue zh zu`.split(/\s+/),
);

/**
 * DeepL's code for a target language where the plain tag is not one: English, Portuguese and
 * Chinese are asked for in a variant (American English and Brazilian Portuguese for families in
 * the Americas, simplified Chinese as the most widely read).
 */
const deeplVariant: Record<string, TargetLanguageCode> = {
  en: 'en-US',
  pt: 'pt-BR',
  zh: 'zh-HANS',
};

export function createDeepLTranslation(options: {
  authKey: string;
  /** DeepL's API by default (free or paid, from the key); a local double in tests. */
  serverUrl?: string | undefined;
  /** How long one request may take; a text waits this long at most before it is kept unsent. */
  timeoutMs: number;
}): TranslationProvider {
  // deepl-node (with axios) adds about 30 MB to the process: it is loaded with the first text
  // to translate, so a server that never translates (no key, or no family that needs it) does
  // not carry it.
  let translator: Promise<Translator> | undefined;
  const loadTranslator = () => {
    translator ??= import('deepl-node').then(
      (deepl) =>
        new deepl.Translator(options.authKey, {
          ...(options.serverUrl ? { serverUrl: options.serverUrl } : {}),
          // A tutor is waiting on the send: one retry of a transient failure, then the text is
          // kept unsent with Retry and Send as written.
          maxRetries: 1,
          minTimeout: options.timeoutMs,
          sendPlatformInfo: false,
          appInfo: { appName: 'tutoring-portal', appVersion: '1' },
        }),
    );
    return translator;
  };
  return {
    kind: 'deepl',
    supports: (languageCode) => deeplTargets.has(languageCode),
    async translate(text, targetLanguage) {
      const target = deeplVariant[targetLanguage] ?? (targetLanguage as TargetLanguageCode);
      try {
        const result = await (await loadTranslator()).translateText(text, null, target);
        return {
          text: result.text,
          sourceLanguage: result.detectedSourceLang.toLowerCase().split('-')[0] ?? '',
        };
      } catch (error) {
        throw new TranslationError(
          `DeepL did not translate the text: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/** No provider configured: nothing is translated, and the portal says so. */
export function createTranslationOff(): TranslationProvider {
  return {
    kind: 'off',
    supports: () => false,
    async translate() {
      throw new TranslationError('Translation is off: DEEPL_AUTH_KEY is not set.');
    },
  };
}
