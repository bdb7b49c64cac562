import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { helpRequestText } from '../../lib/familyTexts/familyTexts';
import { Box } from '../Box/Box';
import {
  type FamilyLanguage,
  familyLanguageNoticeText,
} from '../FamilyLanguageNotice/FamilyLanguageNotice';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './ChatInfoLine.css';

export interface ChatInfoLineProps {
  /** The chat's private forwarding number (the student's studentTwilio), e.g. '+15550104477'. */
  forwardingNumber: string;
  /** The guardian's first name, for the explanation ('Messages to Lucía go through…'). */
  guardianFirstName: string;
  /** The family's language when it is not English, and whether texts are translated. */
  familyLanguage?: FamilyLanguage | null | undefined;
  /** When the family last texted HELP (ISO 8601); null or absent if never. */
  helpRequestedAt?: string | null | undefined;
  /** Open the explanations on arrival (stories and screenshots). */
  defaultOpen?: boolean;
}

/**
 * Formats a North American E.164 number as '+1 (555) 010-4477'; any other value is shown as
 * given (trimmed).
 */
export function formatPhoneNumber(value: string): string {
  const trimmed = value.trim();
  const match = /^\+?1?(\d{3})(\d{3})(\d{4})$/.exec(trimmed.replace(/[\s().-]/g, ''));
  return match ? `+1 (${match[1]}) ${match[2]}-${match[3]}` : trimmed;
}

/** The line's short word on the family's language: 'Spanish, translated'; null for English. */
export function familyLanguageSummary(language: FamilyLanguage | null | undefined): string | null {
  if (!language) return null;
  return `${language.name}, ${language.translated ? 'translated' : 'sent as written'}`;
}

/**
 * The chat's one line of facts (spec §2 messenger): the private forwarding number the tutor's
 * texts go through (never the guardian's own), and the family's language with whether texts are
 * translated. The explanations are one press away, in a popover dialog (react-aria DialogTrigger,
 * Popover and Dialog: Escape or a press outside closes it, and focus returns to its button). When
 * the family texted HELP, the line says so, with its date. A static part of the page, not a live
 * region.
 */
export function ChatInfoLine({
  forwardingNumber,
  guardianFirstName,
  familyLanguage,
  helpRequestedAt,
  defaultOpen,
}: ChatInfoLineProps) {
  const number = formatPhoneNumber(forwardingNumber);
  const languageSummary = familyLanguageSummary(familyLanguage);
  const languageText = familyLanguageNoticeText(familyLanguage);
  return (
    // No separator dots between the parts: on a phone the line wraps, and a dot would be left
    // hanging at the end of a line. The gap keeps them apart.
    <Box
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      columnGap="md"
      rowGap="xxs"
      className={styles.line}
    >
      <Inline as="span" gap="xs" alignY="center">
        <Icon name="inbox" size="small" />
        <span>
          Private number <span className={styles.number}>{number}</span>
        </span>
      </Inline>
      {languageSummary ? <span>{languageSummary}</span> : null}
      {helpRequestedAt ? (
        <Inline as="span" gap="xs" alignY="center" className={styles.help} data-help-requested="">
          <Icon name="alert" size="small" />
          <span>{helpRequestText(helpRequestedAt)}</span>
        </Inline>
      ) : null}
      <DialogTrigger defaultOpen={defaultOpen}>
        <AriaButton className={styles.trigger}>About this chat</AriaButton>
        <Popover placement="bottom start" className={styles.popover}>
          <Dialog className={styles.dialog}>
            <Stack gap="sm">
              <Heading slot="title" level={2} className={styles.heading}>
                About this chat
              </Heading>
              <p className={styles.paragraph}>
                Your texts to {guardianFirstName} go through this private number, {number}, and
                their replies come back here. Their real phone number stays hidden.
              </p>
              {languageText ? <p className={styles.paragraph}>{languageText}</p> : null}
              {helpRequestedAt ? (
                <p className={styles.paragraph}>
                  A family that texts HELP gets an automatic reply saying who is texting them and
                  how to stop. They may be unsure about these texts: a word at your next session can
                  help.
                </p>
              ) : null}
              {familyLanguage?.translated ? (
                <p className={styles.paragraph}>
                  A text that cannot be translated is not sent: you can retry it, or send it in
                  English as you wrote it.
                </p>
              ) : null}
            </Stack>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </Box>
  );
}
