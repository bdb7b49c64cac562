/**
 * How many texts a message to a family whose messages are translated goes out as, before it is
 * translated (the server translates on send). Translated texts with accents go out in UCS-2: 70
 * characters fit one text; split, each part carries 67 (the rest is the header that joins them).
 * A translation runs longer than the English typed (about a quarter for Spanish), so the typed
 * length is scaled by 1.25. Lengths are in UTF-16 code units, as UCS-2 counts them (an emoji
 * takes two).
 */
export const ucs2SingleTextChars = 70;
export const ucs2PartChars = 67;
export const translationGrowth = 1.25;

/** About how many texts `text` goes out as once translated; 0 for no text. */
export function estimatedTranslatedTexts(text: string): number {
  const length = Math.ceil(text.length * translationGrowth);
  if (length === 0) return 0;
  return length <= ucs2SingleTextChars ? 1 : Math.ceil(length / ucs2PartChars);
}

/**
 * The note under the message box: only for a family whose messages are translated, and only
 * when the text would take more than one: the tutor can shorten it, and the family's phone shows
 * it as several texts.
 */
export function translatedTextsNote(
  text: string,
  familyLanguage: { name: string; translated: boolean } | null | undefined,
): string | null {
  if (!familyLanguage?.translated) return null;
  const count = estimatedTranslatedTexts(text);
  return count > 1 ? `In ${familyLanguage.name} this will go out as about ${count} texts.` : null;
}
