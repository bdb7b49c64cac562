import { Notice } from '../Notice/Notice';

/**
 * The language a student's guardian reads, when it is not English, and whether the server
 * translates messages into it (the api's `Student.familyLanguage`).
 */
export interface FamilyLanguage {
  /** The language's English name, e.g. 'Spanish'. */
  name: string;
  /** Its BCP 47 tag, e.g. 'es', for the `lang` of text in it. */
  code: string;
  /** True when the tutor's texts are translated for the family and their replies into English. */
  translated: boolean;
}

/**
 * What the notice says about a family's language, or null for an English-speaking family. The
 * words follow what the server reports (`translated`), so the screen never promises a
 * translation that does not happen.
 */
export function familyLanguageNoticeText(language: FamilyLanguage | null | undefined) {
  if (!language) return null;
  return language.translated
    ? `This family's language is ${language.name}: your messages are translated into ${language.name} for them, and their replies into English for you.`
    : `This family's language is ${language.name}. Messages are sent exactly as you write them.`;
}

export interface FamilyLanguageNoticeProps {
  /** The family's language; null or undefined (English) renders nothing. */
  language: FamilyLanguage | null | undefined;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * The note on a student's row and above their chat when the family reads another language:
 * whether messages are translated for them or go out exactly as written. A static part of the
 * page, not a live region.
 */
export function FamilyLanguageNotice({ language, className }: FamilyLanguageNoticeProps) {
  const text = familyLanguageNoticeText(language);
  if (text === null) return null;
  return (
    <Notice variant="info" announce={false} className={className}>
      {text}
    </Notice>
  );
}
