// Every language DeepL translates into is recognised in the guardian's Language value (issue 34):
// by its English name, its own name and its codes, however the organisation typed it, and the
// tag the server then asks deepl-node for is one of deepl-node's target languages. The list is
// deepl-node's own, read from its type declarations, so a deepl-node update that adds a language
// fails here until the server maps it. A value no provider translates keeps the honest notice.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DeepLDouble, startDeepLDouble } from '../../../scripts/lib/deepl-double.mjs';
import {
  familyLanguageOf,
  guardianLanguageValue,
} from '../src/modules/messages/family-language.ts';
import { createDeepLTranslation, createTranslationOff } from '../src/providers/translation.ts';

/**
 * deepl-node's target languages: the members of its TargetLanguageCode type, which it declares
 * only as a union of string literals (partly through CommonLanguageCode) in dist/types.d.ts.
 */
function deeplNodeTargetLanguages(): string[] {
  const main = createRequire(import.meta.url).resolve('deepl-node');
  const path = join(dirname(main), 'types.d.ts');
  const program = ts.createProgram([path], { noEmit: true, skipLibCheck: true });
  const source = program.getSourceFile(path);
  const declaration = source?.statements
    .filter(ts.isTypeAliasDeclaration)
    .find((statement) => statement.name.text === 'TargetLanguageCode');
  if (!declaration) throw new Error(`deepl-node declares no TargetLanguageCode in ${path}`);
  const type = program.getTypeChecker().getTypeAtLocation(declaration.name);
  const members = type.isUnion() ? type.types : [type];
  return members.map((member) => {
    if (!member.isStringLiteral()) throw new Error('a target language that is not a string');
    return member.value;
  });
}

const targets = deeplNodeTargetLanguages();
const targetsLowerCase = new Set(targets.map((code) => code.toLowerCase()));
/** English is the tutor's language: never a family's language to translate into. */
const familyTargets = targets.filter((code) => !code.toLowerCase().startsWith('en'));

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The language's name in itself, where Intl has that language (not a default locale's name). */
function ownName(code: string): string | undefined {
  if (Intl.DisplayNames.supportedLocalesOf([code]).length === 0) return undefined;
  return new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
}

function family(language: string, studentLanguage = '') {
  return { language, studentLanguage };
}

const tagOf = (language: string) => guardianLanguageValue(family(language))?.tag;

let deepl: DeepLDouble;
beforeAll(async () => {
  deepl = await startDeepLDouble();
});
afterAll(async () => {
  await deepl?.stop();
});
beforeEach(() => deepl.reset());

/** deepl-node against the double, as a server with a DeepL key has it. */
function deeplThroughDouble() {
  return createDeepLTranslation({ authKey: deepl.key, serverUrl: deepl.url, timeoutMs: 2000 });
}

/** The target language deepl-node sent to DeepL for a text to this family language. */
async function targetSentFor(code: string): Promise<string> {
  deepl.reset();
  await deeplThroughDouble().translate('See you on Tuesday.', code);
  const [call] = deepl.calls();
  return call?.target_lang ?? '';
}

describe("deepl-node's target languages", () => {
  it('are read from its type declarations', () => {
    // deepl-node 1.28 has 119, so a reader that finds nothing or only part cannot pass.
    expect(targets.length).toBeGreaterThanOrEqual(100);
    expect(targets).toEqual(
      expect.arrayContaining(['sv', 'da', 'fi', 'cs', 'bg', 'hu', 'sk', 'nb', 'hr', 'zh-HANT']),
    );
    expect(targets).toEqual(expect.arrayContaining(['pt-BR', 'pt-PT', 'es-419', 'en-US']));
  });

  it.each(familyTargets)('%s: its English name, own name and code are translated', async (code) => {
    const deeplOn = deeplThroughDouble();
    const viaCode = familyLanguageOf(family(code), deeplOn);
    expect(viaCode, `code ${code}`).toMatchObject({ translated: true });
    const spellings = [
      code.toLowerCase(),
      code.toUpperCase(),
      ` ${code}. `,
      englishNames.of(code),
      englishNames.of(code)?.toUpperCase(),
      ownName(code),
    ].filter((spelling): spelling is string => Boolean(spelling));
    for (const spelling of spellings) {
      expect(familyLanguageOf(family(spelling), deeplOn), `written "${spelling}"`).toEqual(viaCode);
    }
    // What deepl-node sends is one of its targets, and the very one where DeepL names a variant.
    const sent = (await targetSentFor(viaCode?.code ?? '')).toLowerCase();
    expect(targetsLowerCase.has(sent), `sent ${sent} for ${code}`).toBe(true);
    if (code.includes('-')) expect(sent).toBe(code.toLowerCase());
    else expect(sent.split('-')[0]).toBe(code.toLowerCase());
  });

  it.each(targets.filter((code) => !familyTargets.includes(code)))(
    '%s is English: not a family language, nothing to translate',
    (code) => {
      for (const spelling of [code, code.toLowerCase(), englishNames.of(code) ?? code]) {
        expect(guardianLanguageValue(family(spelling)), spelling).toBeUndefined();
        expect(familyLanguageOf(family(spelling), deeplThroughDouble())).toBeNull();
      }
    },
  );
});

describe('a Language value', () => {
  it('names the languages families went untranslated in, however it is written', () => {
    const written: Array<[string, string[]]> = [
      ['sv', ['Swedish', 'svenska', 'SVENSKA', 'sv', 'SV', 'swe', ' Swedish. ', '“Svenska”']],
      ['da', ['Danish', 'Dansk', 'da', 'dan', 'danish!']],
      ['fi', ['Finnish', 'Suomi', 'fi', 'fin']],
      ['cs', ['Czech', 'čeština', 'Cestina', 'cs', 'ces', 'cze']],
      ['bg', ['Bulgarian', 'български', 'bg', 'bul']],
      ['hu', ['Hungarian', 'Magyar', 'hu', 'hun']],
      ['sk', ['Slovak', 'slovenčina', 'sk', 'slk', 'slo']],
      [
        'nb',
        ['Norwegian', 'Norsk', 'Norwegian Bokmål', 'norsk bokmål', 'Bokmal', 'nb', 'nob', 'nor'],
      ],
      ['hr', ['Croatian', 'Hrvatski', 'hr', 'hrv']],
    ];
    for (const [tag, spellings] of written) {
      for (const spelling of spellings) expect(tagOf(spelling), spelling).toBe(tag);
    }
  });

  it('takes the names organisations use, and the codes of ISO 639, BCP 47 and DeepL', () => {
    const cases: Array<[string, string]> = [
      ['Mandarin', 'zh'],
      ['Chinese (Mandarin)', 'zh'],
      ['Chinese', 'zh'],
      ['zho', 'zh'],
      ['Simplified Chinese', 'zh-Hans'],
      ['zh-HANS', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['Chinese (Traditional)', 'zh-Hant'],
      ['Chinese - Traditional', 'zh-Hant'],
      ['繁體中文', 'zh-Hant'],
      ['zh-TW', 'zh-Hant'],
      ['zh_hant', 'zh-Hant'],
      ['Chinese (Cantonese)', 'yue'],
      ['Cantonese', 'yue'],
      ['Brazilian Portuguese', 'pt-BR'],
      ['Portuguese (Brazil)', 'pt-BR'],
      ['Portuguese (Brazilian)', 'pt-BR'],
      ['pt_BR', 'pt-BR'],
      ['European Portuguese', 'pt-PT'],
      ['PT-PT', 'pt-PT'],
      ['Portuguese', 'pt'],
      ['Português', 'pt'],
      ['por', 'pt'],
      ['Latin American Spanish', 'es-419'],
      ['Spanish (Latin American)', 'es-419'],
      ['es-419', 'es-419'],
      ['Spanish (Mexico)', 'es'],
      ['es-MX', 'es'],
      ['Espanol', 'es'],
      ['spa', 'es'],
      ['Farsi', 'fa'],
      ['Persian', 'fa'],
      ['Dari', 'prs'],
      ['fa-AF', 'prs'],
      ['Tagalog', 'tl'],
      ['Filipino', 'tl'],
      ['fil', 'tl'],
      ['Bengali', 'bn'],
      ['Kurdish', 'kmr'],
      ['Kurdish (Sorani)', 'ckb'],
      ['Konkani', 'gom'],
      ['Haitian Creole', 'ht'],
      ['Haitian-Creole', 'ht'],
      ['Kreyòl', 'ht'],
      ['Creole', 'ht'],
      ['Maori', 'mi'],
      ['Tiếng Việt', 'vi'],
      ['tieng viet', 'vi'],
      ['Deutsch', 'de'],
      ['ger', 'de'],
      ['Burmese', 'my'],
      ['Serbian (Latin)', 'sr'],
    ];
    for (const [spelling, tag] of cases) expect(tagOf(spelling), spelling).toBe(tag);
  });

  it('keeps the tags the languages translated before had, and what deepl-node is sent for them', async () => {
    const before: Array<[string, string, string]> = [
      ['Spanish', 'es', 'es'],
      ['Vietnamese', 'vi', 'vi'],
      ['Arabic', 'ar', 'ar'],
      ['Portuguese', 'pt', 'pt-br'],
      ['Mandarin', 'zh', 'zh-hans'],
      ['Russian', 'ru', 'ru'],
    ];
    for (const [spelling, tag, sent] of before) {
      expect(familyLanguageOf(family(spelling), deeplThroughDouble())).toEqual({
        name: spelling === 'Mandarin' ? 'Chinese' : spelling,
        code: tag,
        translated: true,
      });
      expect((await targetSentFor(tag)).toLowerCase()).toBe(sent);
    }
  });

  it('names a variant in the notice and asks DeepL for that variant', async () => {
    const deeplOn = deeplThroughDouble();
    expect(familyLanguageOf(family('Portuguese (Portugal)'), deeplOn)).toEqual({
      name: 'European Portuguese',
      code: 'pt-PT',
      translated: true,
    });
    expect(familyLanguageOf(family('Traditional Chinese'), deeplOn)).toEqual({
      name: 'Traditional Chinese',
      code: 'zh-Hant',
      translated: true,
    });
    expect(await targetSentFor('pt-PT')).toBe('pt-PT');
    expect(await targetSentFor('zh-Hant')).toBe('zh-HANT');
    expect(await targetSentFor('es-419')).toBe('es-419');
  });

  it('in English, in any of its names, is no family language', () => {
    for (const spelling of ['English', 'english ', 'en', 'eng', 'en-US', 'British English']) {
      expect(guardianLanguageValue(family(spelling)), spelling).toBeUndefined();
    }
    expect(guardianLanguageValue(family('Swedish, English'))).toBeUndefined();
  });
});

describe('a value no provider translates into', () => {
  it('keeps the notice that messages go out exactly as written', () => {
    const deeplOn = deeplThroughDouble();
    expect(familyLanguageOf(family('Klingon'), deeplOn)).toEqual({
      name: 'Klingon',
      code: 'und',
      translated: false,
    });
    expect(familyLanguageOf(family('Klingon.'), deeplOn)).toEqual({
      name: 'Klingon',
      code: 'und',
      translated: false,
    });
    // Hmong and Somali are common among families in the US, and DeepL has neither: named, and
    // honestly not translated.
    expect(targetsLowerCase.has('hmn')).toBe(false);
    expect(familyLanguageOf(family('Hmong'), deeplOn)).toEqual({
      name: 'Hmong',
      code: 'hmn',
      translated: false,
    });
    expect(targetsLowerCase.has('so')).toBe(false);
    expect(familyLanguageOf(family('Soomaali'), deeplOn)).toEqual({
      name: 'Somali',
      code: 'so',
      translated: false,
    });
    // 'No' in a Language column is no language, not Norwegian.
    expect(familyLanguageOf(family('No'), deeplOn)).toEqual({
      name: 'No',
      code: 'und',
      translated: false,
    });
  });

  it('is every language when no provider is configured', () => {
    const off = createTranslationOff();
    for (const spelling of ['Swedish', 'pt-BR', 'Spanish', 'Klingon']) {
      expect(familyLanguageOf(family(spelling), off)?.translated, spelling).toBe(false);
    }
  });

  it('is nothing recorded when empty or only punctuation: no notice, no translation', () => {
    const deeplOn = deeplThroughDouble();
    for (const empty of ['', '   ', ' - ', '?', ', ;']) {
      expect(guardianLanguageValue(family(empty)), JSON.stringify(empty)).toBeUndefined();
      expect(familyLanguageOf(family(empty), deeplOn)).toBeNull();
    }
    // An empty Language falls back to a Student_Language that names one language.
    expect(familyLanguageOf(family('', 'Svenska'), deeplOn)).toEqual({
      name: 'Swedish',
      code: 'sv',
      translated: true,
    });
  });
});
