// The pictures of a family's text (an MMS), fetched from the SMS provider when the text arrives.
// Twilio's webhook names each picture by a URL on its API that asks for the account's credentials
// (HTTP basic auth with the account SID and auth token) and redirects to where the bytes are; the
// fetch follows the redirect, and drops the credentials when it leaves Twilio's origin (fetch
// does so on every cross-origin redirect). Only pictures of the four image types browsers show
// everywhere are kept, checked by their bytes as well as their declared type, and at most
// MAX_BYTES: a larger one is refused while it downloads, never read whole.
//
// Neither the URL nor the credentials ever leave this module: a refusal says why in a word, so
// nothing logs or answers where the picture was.

type Fetch = typeof fetch;

export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

export type MediaRefusal =
  /** Not one of MEDIA_CONTENT_TYPES, declared or by its bytes. */
  | 'unsupported-type'
  /** Larger than the limit. */
  | 'too-large'
  /** The provider answered with an error status. */
  | 'http-error'
  /** No answer: the network, a timeout. */
  | 'unreachable'
  /** An empty body. */
  | 'empty';

export type FetchedMedia =
  | { ok: true; contentType: MediaContentType; bytes: Buffer }
  | { ok: false; refusal: MediaRefusal; status?: number };

export interface MediaFetcher {
  /** Fetches one picture the provider named in an inbound text's webhook. Never rejects. */
  fetch(url: string): Promise<FetchedMedia>;
}

export function isMediaContentType(type: string | undefined | null): type is MediaContentType {
  return MEDIA_CONTENT_TYPES.includes(type as MediaContentType);
}

/** The essence of a Content-Type header ('image/png; x=y' → 'image/png'), lower case. */
export function contentTypeEssence(header: string | null | undefined): string | undefined {
  return header?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * The image type the bytes are, by their signature, or undefined for anything else: a declared
 * type is the sender's word, and a picture is served with its type to the tutor's browser.
 */
export function sniffImageType(bytes: Uint8Array): MediaContentType | undefined {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return bytes[5] === 0x61 ? 'image/gif' : undefined;
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** Reads a body up to `maxBytes`; undefined (and the download cancelled) past it. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export function createMediaFetcher(options: {
  /** The provider's account (Twilio: the account SID and auth token); none in development. */
  credentials?: { username: string; password: string } | undefined;
  maxBytes: number;
  fetch?: Fetch;
  timeoutMs?: number;
}): MediaFetcher {
  const doFetch = options.fetch ?? fetch;
  const { credentials, maxBytes } = options;
  const authorization = credentials
    ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
    : undefined;
  return {
    async fetch(url) {
      try {
        const response = await doFetch(url, {
          headers: {
            accept: MEDIA_CONTENT_TYPES.join(', '),
            ...(authorization ? { authorization } : {}),
          },
          redirect: 'follow',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        const refuse = async (refusal: MediaRefusal): Promise<FetchedMedia> => {
          await response.body?.cancel().catch(() => undefined);
          return { ok: false, refusal, ...(response.ok ? {} : { status: response.status }) };
        };
        if (!response.ok) return refuse('http-error');
        if (!isMediaContentType(contentTypeEssence(response.headers.get('content-type')))) {
          return refuse('unsupported-type');
        }
        if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
          return refuse('too-large');
        }
        if (!response.body) return { ok: false, refusal: 'empty' };
        const bytes = await readAtMost(response.body, maxBytes);
        if (!bytes) return { ok: false, refusal: 'too-large' };
        if (bytes.byteLength === 0) return { ok: false, refusal: 'empty' };
        const contentType = sniffImageType(bytes);
        if (!contentType) return { ok: false, refusal: 'unsupported-type' };
        return { ok: true, contentType, bytes };
      } catch {
        // The error may carry the URL: only that it failed is said.
        return { ok: false, refusal: 'unreachable' };
      }
    },
  };
}
