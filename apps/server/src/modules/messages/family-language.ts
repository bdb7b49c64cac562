// Which language a student's guardian reads, from the organisation's free-text Language value
// ('Spanish', 'spanish', 'Español', 'es', 'Mandarin'), and whether this server translates into it.
// The portal's notice is built from this answer alone, so it never promises a translation the
// server does not do (issue 18).
import type { components } from '@tutoring/api/schema';
import type { TranslationProvider } from '../../providers/translation.ts';

type FamilyLanguage = components['schemas']['FamilyLanguage'];

/**
 * Languages a guardian may be recorded as reading, by BCP 47 tag: the provider's languages and
 * others common among families in the US that a provider may not translate (the notice still
 * names them).
 */
const knownLanguageTags =
  `am ar bn de el en es fa fr gu he hi hmn ht hy id it ja km ko lo mh my ne nl pa pl ps pt ro
  ru sm so sq sw ta te th ti tl to tr uk ur uz vi yue zh`.split(/\s+/);

/** Names organisations use that are not a language's English or own name. */
const aliases: Record<string, string> = {
  mandarin: 'zh',
  'chinese (mandarin)': 'zh',
  cantonese: 'yue',
  farsi: 'fa',
  persian: 'fa',
  'haitian creole': 'ht',
  creole: 'ht',
  kreyòl: 'ht',
  tagalog: 'tl',
  filipino: 'tl',
  burmese: 'my',
  khmer: 'km',
  cambodian: 'km',
  'spanish (latin american)': 'es',
};

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Every name of every known language, lower case, to its tag. */
const tagsByName: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>(Object.entries(aliases));
  for (const tag of knownLanguageTags) {
    names.set(tag, tag);
    const english = englishNames.of(tag);
    if (english) names.set(english.toLowerCase(), tag);
    const own = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag);
    if (own) names.set(own.toLowerCase(), tag);
  }
  return names;
})();

/** The English name of a language tag, e.g. 'es' → 'Spanish'; the tag itself when unknown. */
export function languageName(tag: string): string {
  return englishNames.of(tag) ?? tag;
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
      .split(/[,;/&]|\band\b/i)
      .map((part) => part.trim())
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
  const tags = listed.map((name) => tagsByName.get(name.toLowerCase()));
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
    translated: translation.supports(value.tag),
  };
}
