// What a caller of buildApp (app.ts) may hand it instead of what the configuration would make:
// tests give their own database, clock and providers.
import type { DatabaseHandle } from '../db/open.ts';
import type { IdentityProvider } from '../providers/identity.ts';
import type { MailProvider } from '../providers/mail.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { TranslationProvider } from '../providers/translation.ts';

export interface AppDependencies {
  /** An open, migrated database; the caller keeps ownership (it is not closed with the app). */
  database?: DatabaseHandle;
  identity?: IdentityProvider;
  /** The clock: stats, token expiry, rate-limit windows, message times. */
  now?: () => Date;
  mail?: MailProvider;
  sms?: SmsProvider;
  translation?: TranslationProvider;
  /**
   * The fetch the Twilio provider uses, for its API and the pictures of families' texts (tests
   * answer for Twilio).
   */
  fetch?: typeof fetch;
}
