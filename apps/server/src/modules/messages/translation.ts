// Translations of texts, through the translation memory: a text already translated into a
// language is not paid for twice.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { textTranslations } from '../../db/schema.ts';
import type { TranslatedText, TranslationProvider } from '../../providers/translation.ts';

export async function translateWithMemory(
  db: Database,
  translation: TranslationProvider,
  text: string,
  targetLanguage: string,
): Promise<TranslatedText> {
  const sourceSha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  const [remembered] = await db
    .select({
      text: textTranslations.translatedText,
      sourceLanguage: textTranslations.sourceLanguage,
    })
    .from(textTranslations)
    .where(
      and(
        eq(textTranslations.targetLanguage, targetLanguage),
        eq(textTranslations.sourceSha256, sourceSha256),
      ),
    );
  if (remembered) return remembered;
  const translated = await translation.translate(text, targetLanguage);
  await db
    .insert(textTranslations)
    .values({
      targetLanguage,
      sourceSha256,
      sourceLanguage: translated.sourceLanguage,
      translatedText: translated.text,
    })
    .onConflictDoNothing();
  return translated;
}
