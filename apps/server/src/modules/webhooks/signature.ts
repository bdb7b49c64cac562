// Signatures of the form and scheduling providers' webhooks: header
// `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
// provider's own shared secret. The timestamp bounds how long a captured request stays usable;
// the idempotency key (webhook_events) makes a replay inside that window a no-op.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, rawBody: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${rawBody}`)
    .digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
): 'ok' | 'missing' | 'invalid' | 'stale' {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((part) => {
      const [key, ...value] = part.trim().split('=');
      return [key ?? '', value.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given))) return 'invalid';
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return 'ok';
}

/**
 * Signed parameters (the scheduling service's hand-off to /new-onboarding-user): the same
 * HMAC-SHA256 under a shared secret, over a canonical form no two different sets of parameters
 * share: `name=value` pairs, both URL-encoded (encodeURIComponent), sorted by name, joined by '&'.
 * `expires` (unix seconds) is one of the signed parameters and bounds the link's life.
 */
export function parameterSigningString(parameters: Record<string, string>): string {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(parameters[name] ?? '')}`)
    .join('&');
}

export function signParameters(secret: string, parameters: Record<string, string>): string {
  return createHmac('sha256', secret).update(parameterSigningString(parameters)).digest('hex');
}

/** `parameters` include `expires`; the signature is checked before the expiry is believed. */
export function verifyParameterSignature(
  secret: string,
  parameters: Record<string, string>,
  signature: string | undefined,
  now: Date,
): 'ok' | 'missing' | 'invalid' | 'expired' {
  if (!signature) return 'missing';
  const expires = Number(parameters.expires);
  if (!/^[0-9a-f]{64}$/.test(signature) || !Number.isInteger(expires)) return 'invalid';
  const expected = signParameters(secret, parameters);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return 'invalid';
  return now.getTime() / 1000 > expires ? 'expired' : 'ok';
}
