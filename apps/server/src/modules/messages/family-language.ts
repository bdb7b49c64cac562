// Which language a student's guardian reads, from the organisation's free-text Language value
// ('Spanish', 'spanish', 'Español', 'es', 'spa', 'Mandarin', 'pt-BR', 'Svenska'), and whether this
// server translates into it. The portal's notice is built from this answer alone, so it never
// promises a translation the server does not do (issue 18); every language the translation
// provider translates into must be recognised here, or its families go untranslated (issue 34,
// checked against deepl-node's list by test/family-language.test.ts).
import type { components } from '@tutoring/api/schema';
import type { TranslationProvider } from '../../providers/translation.ts';

type FamilyLanguage = components['schemas']['FamilyLanguage'];

/**
 * DeepL's target languages (deepl-node 1.28), by the tag its API takes, and the variants it
 * translates into (Latin American Spanish, Brazilian and European Portuguese, simplified and
 * traditional Chinese) in BCP 47's spelling, which deepl-node accepts whatever the case. English
 * is here to be recognised, never as a family language.
 */
const translatableTags = `en ace af an ar as ay az ba be bg bho bn br bs ca ceb ckb cs cy da de el
  eo es et eu fa fi fr ga gl gn gom gu ha he hi hr ht hu hy id ig is it ja jv ka kk kmr ko ky la lb
  lmo ln lt lv mai mg mi mk ml mn mr ms mt my nb ne nl oc om pa pag pam pl prs ps pt qu ro ru sa scn
  sk sl sq sr st su sv sw ta te tg th tk tl tn tr ts tt uk ur uz vi wo xh yi yue zh zu
  es-419 pt-BR pt-PT zh-Hans zh-Hant`.split(/\s+/);

/**
 * Languages common among families in the US that the provider does not translate into: the
 * notice names them (and says messages go out as written) instead of echoing a code.
 */
const namedOnlyTags = `ak am bo chk din ee ff hmn km lo mh nus ny pap quc rn rw sm sn so ti
  to ug yo`.split(/\s+/);

/** Tags whose names and codes stand for another language of the lists above. */
const sameAs: Record<string, string> = {
  // Norwegian is written in Bokmål by nearly everyone, and Bokmål is what DeepL writes.
  no: 'nb',
  'en-US': 'en',
  'en-GB': 'en',
  'zh-TW': 'zh-Hant',
  'zh-HK': 'zh-Hant',
  'zh-CN': 'zh-Hans',
};

/** Names organisations use that are not a language's English or own name (as Intl knows them). */
const aliases: Record<string, string> = {
  mandarin: 'zh',
  'mandarin chinese': 'zh',
  'chinese (mandarin)': 'zh',
  putonghua: 'zh',
  普通话: 'zh',
  'chinese (cantonese)': 'yue',
  'cantonese chinese': 'yue',
  广东话: 'yue',
  廣東話: 'yue',
  farsi: 'fa',
  'haitian creole': 'ht',
  haitian: 'ht',
  creole: 'ht',
  kreyòl: 'ht',
  'kreyòl ayisyen': 'ht',
  tagalog: 'tl',
  burmese: 'my',
  myanmar: 'my',
  cambodian: 'km',
  bengali: 'bn',
  panjabi: 'pa',
  pashtu: 'ps',
  pushto: 'ps',
  'afghan persian': 'prs',
  sorani: 'ckb',
  'sorani kurdish': 'ckb',
  kurmanji: 'kmr',
  'kurmanji kurdish': 'kmr',
  norwegian: 'nb',
  norsk: 'nb',
  bokmål: 'nb',
  sotho: 'st',
  sesotho: 'st',
  kirghiz: 'ky',
  'spanish (latin american)': 'es-419',
  'latin american spanish': 'es-419',
  'brazilian portuguese': 'pt-BR',
  'european portuguese': 'pt-PT',
  'chinese simplified': 'zh-Hans',
  'chinese traditional': 'zh-Hant',
  twi: 'ak',
  fulani: 'ff',
  kirundi: 'rn',
  chichewa: 'ny',
  kiche: 'quc',
};

/**
 * A name as it is looked up: lower case, apostrophes dropped ('K'iche'', 'o‘zbek'), any other run
 * of punctuation, parentheses or spaces one space ('Haitian-Creole', ' “Svenska”. ').
 */
function nameKey(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['`´‘’ʻʼ]/gu, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** The key without the accents of Latin letters, for 'Espanol', 'Portugues', 'Francais', 'Maori'. */
function withoutAccents(key: string): string {
  return key
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const englishStandardNames = new Intl.DisplayNames(['en'], {
  type: 'language',
  fallback: 'none',
  languageDisplay: 'standard',
});

/**
 * What Intl calls a language: in English ('Brazilian Portuguese', 'Portuguese (Brazil)') and in
 * the language itself, where Intl has it (never the default locale's name in its stead).
 */
function intlNames(tag: string): string[] {
  const names = [englishNames.of(tag), englishStandardNames.of(tag)];
  const primary = tag.split('-')[0] ?? tag;
  for (const locale of new Set([tag, primary])) {
    if (Intl.DisplayNames.supportedLocalesOf([locale]).length === 0) continue;
    for (const languageDisplay of ['dialect', 'standard'] as const) {
      const own = new Intl.DisplayNames([locale], { type: 'language', languageDisplay });
      names.push(own.of(tag));
    }
  }
  return names.filter((name): name is string => Boolean(name));
}

/** Every name of every known language, as nameKey writes it, to its tag; the first name wins. */
const tagsByName: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  const add = (name: string, tag: string) => {
    const key = nameKey(name);
    for (const form of [key, withoutAccents(key)])
      if (form && !names.has(form)) names.set(form, tag);
  };
  for (const [alias, tag] of Object.entries(aliases)) add(alias, tag);
  for (const tag of [...translatableTags, ...namedOnlyTags]) {
    for (const name of intlNames(tag)) add(name, tag);
  }
  for (const [other, tag] of Object.entries(sameAs)) {
    for (const name of intlNames(other)) add(name, tag);
  }
  return names;
})();

/** A tag's canonical form, lower case ('spa' → 'es', 'tl' → 'fil', 'zh-HANS' → 'zh-hans'). */
function canonicalKey(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).baseName.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Every known language by its canonical code, to the tag this server uses for it. */
const tagsByCode: ReadonlyMap<string, string> = (() => {
  const codes = new Map<string, string>();
  const entries = [
    ...[...translatableTags, ...namedOnlyTags].map((tag) => [tag, tag]),
    ...Object.entries(sameAs),
  ];
  for (const [code = '', tag = ''] of entries) {
    const key = canonicalKey(code);
    if (key && !codes.has(key)) codes.set(key, tag);
  }
  return codes;
})();

/**
 * The language of a code: ISO 639-1 ('sv'), 639-2 ('swe', 'ger'), BCP 47 or DeepL's spelling
 * ('pt-BR', 'zh-HANS', 'es-419', 'zh-TW'), in any case; a region or script the server does not
 * tell apart falls back to the language ('es-MX' → 'es').
 */
function tagOfCode(key: string): string | undefined {
  // 'No' in a Language column means no language far more often than Norwegian.
  if (key === 'no' || !/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(key)) return undefined;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(key);
  } catch {
    return undefined;
  }
  const { language, script, region } = locale;
  // 'und' (undetermined) has a syntax but no language.
  if (!language) return undefined;
  const likelyScript = locale.maximize().script;
  const candidates = [
    locale.baseName,
    `${language}-${script}`,
    `${language}-${likelyScript}`,
    `${language}-${region}`,
    language,
  ];
  for (const candidate of candidates) {
    const tag = tagsByCode.get(candidate.toLowerCase());
    if (tag) return tag;
  }
  return undefined;
}

function tagOfKey(key: string): string | undefined {
  return (
    tagsByName.get(key) ??
    tagsByName.get(withoutAccents(key)) ??
    tagOfCode(key.replaceAll(' ', '-'))
  );
}

/**
 * The tag of one language as the organisation wrote it, or undefined when it names none this
 * server knows. 'Chinese (Cantonese)', 'Portuguese (Brazilian)', 'Spanish (Mexico)': the whole
 * name first, then its words the other way round, then the words outside the brackets, then those
 * inside.
 */
export function languageTagOf(written: string): string | undefined {
  const bracketed = /^(?<outside>[^(]*)\((?<inside>[^)]*)\)?[^(]*$/u.exec(written)?.groups;
  const candidates = [written];
  if (bracketed) {
    const { outside = '', inside = '' } = bracketed;
    candidates.push(`${inside} ${outside}`, outside, inside);
  }
  for (const candidate of candidates) {
    const key = nameKey(candidate);
    const tag = key ? tagOfKey(key) : undefined;
    if (tag) return tag;
  }
  return undefined;
}

/** The English name of a language tag, e.g. 'es' → 'Spanish'; the tag itself when unknown. */
export function languageName(tag: string): string {
  return englishNames.of(tag) ?? tag;
}

/** The language a tag names, without its region or script ('pt-BR' → 'pt'). */
function primaryTag(tag: string): string {
  return tag.split('-')[0] ?? tag;
}

/**
 * The guardian's language from the student's Language value, or else a Student_Language that
 * names one language: undefined for English (also when English is one of several listed, since
 * the guardian then reads English) and when nothing is recorded.
 */
export function guardianLanguageValue(student: {
  language: string;
  studentLanguage: string;
}): { tag: string | undefined; written: string } | undefined {
  const split = (value: string) =>
    value
      .split(/[,;/&+|]|\band\b/i)
      // Surrounding punctuation is not part of the name ('Klingon.' is shown as 'Klingon').
      .map((part) => part.replace(/^[^\p{L}\p{M}\p{N}(]+|[^\p{L}\p{M}\p{N})]+$/gu, ''))
      .filter(Boolean);
  const guardianLanguages = split(student.language);
  const studentLanguages = split(student.studentLanguage);
  const listed =
    guardianLanguages.length > 0
      ? guardianLanguages
      : studentLanguages.length === 1
        ? studentLanguages
        : [];
  if (listed.length === 0) return undefined;
  const tags = listed.map(languageTagOf);
  if (tags.includes('en')) return undefined;
  const written = listed[0] as string;
  return { tag: tags[0], written };
}

/** What the portal is told of a student's family language (the contract's FamilyLanguage). */
export function familyLanguageOf(
  student: { language: string; studentLanguage: string },
  translation: TranslationProvider,
): FamilyLanguage | null {
  const value = guardianLanguageValue(student);
  if (!value) return null;
  if (!value.tag) {
    // A language we cannot name: shown as the organisation wrote it, never translated.
    return { name: value.written, code: 'und', translated: false };
  }
  return {
    name: languageName(value.tag),
    code: value.tag,
    // The provider is asked about the language; the tag itself (e.g. 'pt-PT') is what it is
    // asked to translate into.
    translated: translation.supports(primaryTag(value.tag)),
  };
}
