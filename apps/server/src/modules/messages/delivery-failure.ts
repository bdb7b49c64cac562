// Why a tutor's text was not delivered, in words a tutor understands: the chat and the dashboard
// show "Not delivered: <reason>". Twilio's error codes (https://www.twilio.com/docs/api/errors)
// are what the provider tells us; the ones a family's phone or carrier causes most often get
// their own words, and any other code is named as it is, so a tutor can quote it to the staff.
import type { components } from '@tutoring/api/schema';

type DeliveryFailure = components['schemas']['DeliveryFailure'];

/** Each reason completes the sentence "Not delivered: …". */
const REASONS: Readonly<Record<string, string>> = {
  '30003': 'the phone was unreachable',
  '30004': 'the number does not accept texts from us',
  '30005': 'the number is unknown or no longer in service',
  '30006': 'it is a landline or the carrier cannot reach it',
  '30007': 'the carrier blocked it as spam',
  '21610': 'the family has opted out of texts',
  '21614': 'it is not a mobile number',
};

/** Provider error codes are digits; anything else is not a code worth showing. */
const ERROR_CODE = /^\d{1,10}$/;

/** Whether a value can be stored and shown as a provider's error code. */
export function isProviderErrorCode(code: string): boolean {
  return ERROR_CODE.test(code);
}

/** The reason, in plain words, of a provider's error code. */
export function failureReasonOf(code: string): string {
  return REASONS[code] ?? `the carrier refused it (code ${code})`;
}

/**
 * A message's failure as the contract carries it: only on a text that was not delivered
 * (undelivered or failed) and whose provider said why.
 */
export function deliveryFailureOf(message: {
  deliveryStatus: string;
  errorCode: string | null;
}): DeliveryFailure | undefined {
  const { deliveryStatus, errorCode } = message;
  if (deliveryStatus !== 'undelivered' && deliveryStatus !== 'failed') return undefined;
  if (!errorCode || !isProviderErrorCode(errorCode)) return undefined;
  return { code: errorCode, reason: failureReasonOf(errorCode) };
}
