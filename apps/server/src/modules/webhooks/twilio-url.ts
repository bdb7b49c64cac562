// Twilio signs the URL it calls, but not always as it was configured: behind some load balancers
// it signs it with the scheme's default port (https://host:443/...) and sometimes without. Its own
// validator (twilio-node's validateRequest) accepts either form, so ours does too.
import { isValidTwilioSignature } from '../../providers/sms.ts';

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'http:': '80' };

/** The URL with its port left out, and with the scheme's default port written in when it has none. */
export function twilioUrlForms(url: string): string[] {
  const parsed = new URL(url);
  const credentials = parsed.username
    ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@`
    : '';
  const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  const withoutPort = `${parsed.protocol}//${credentials}${parsed.hostname}${rest}`;
  const port = parsed.port || DEFAULT_PORTS[parsed.protocol];
  const withPort = port
    ? `${parsed.protocol}//${credentials}${parsed.hostname}:${port}${rest}`
    : withoutPort;
  return [...new Set([url, withoutPort, withPort])];
}

/** Whether X-Twilio-Signature matches the URL in any of the forms Twilio may have signed. */
export function twilioSignatureMatches(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | undefined,
): boolean {
  const entries = [...params.entries()];
  return twilioUrlForms(url).some((form) =>
    isValidTwilioSignature(authToken, form, entries, signature),
  );
}
