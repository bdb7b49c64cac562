import { describe, expect, it } from 'vitest';
import { estimatedTranslatedTexts, translatedTextsNote } from './translatedTexts';

const spanish = { name: 'Spanish', translated: true };

describe('estimatedTranslatedTexts', () => {
  it('is 0 for no text', () => {
    expect(estimatedTranslatedTexts('')).toBe(0);
  });

  it('fits one text up to 56 typed characters (70 once translated)', () => {
    expect(estimatedTranslatedTexts('a')).toBe(1);
    expect(estimatedTranslatedTexts('a'.repeat(56))).toBe(1);
    expect(estimatedTranslatedTexts('a'.repeat(57))).toBe(2);
  });

  it('counts 67 characters a part once split', () => {
    // 107 typed: 134 translated, exactly two parts of 67; one more character needs a third.
    expect(estimatedTranslatedTexts('a'.repeat(107))).toBe(2);
    expect(estimatedTranslatedTexts('a'.repeat(108))).toBe(3);
    // The longest message the server accepts (1,600): 2,000 translated, 30 parts.
    expect(estimatedTranslatedTexts('a'.repeat(1600))).toBe(30);
  });

  it('counts UTF-16 code units, as UCS-2 does: an emoji takes two', () => {
    expect(estimatedTranslatedTexts('🎉'.repeat(28))).toBe(1);
    expect(estimatedTranslatedTexts('🎉'.repeat(29))).toBe(2);
  });
});

describe('translatedTextsNote', () => {
  const long = 'a'.repeat(108);

  it('names the language and the count when the text takes more than one', () => {
    expect(translatedTextsNote(long, spanish)).toBe(
      'In Spanish this will go out as about 3 texts.',
    );
    expect(translatedTextsNote('a'.repeat(57), spanish)).toBe(
      'In Spanish this will go out as about 2 texts.',
    );
  });

  it('says nothing for one text, or for a family whose messages are not translated', () => {
    expect(translatedTextsNote('a'.repeat(56), spanish)).toBeNull();
    expect(translatedTextsNote('', spanish)).toBeNull();
    expect(translatedTextsNote(long, { name: 'Spanish', translated: false })).toBeNull();
    expect(translatedTextsNote(long, null)).toBeNull();
    expect(translatedTextsNote(long, undefined)).toBeNull();
  });
});
