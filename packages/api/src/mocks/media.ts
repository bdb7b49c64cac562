// The pictures families send (MMS) in the mock: GET /tutor/media/{mediaId} serves a small sample
// picture of the type a message's `media` entry declares, for the tutor's own students only, as
// the server serves what it stored. Tiny, so Storybook and the tests carry little.

import { errorResponse, type MockOptions, mockOperation, type Schemas } from './contract';
import { createMockDb } from './db';
import type { MockDb } from './types';

type ContentType = Schemas['MessageMedia']['contentType'];

/** Base64 of one sample picture per type the contract allows. */
const SAMPLE_PICTURES: Record<ContentType, string> = {
  // A worksheet on a table, 96 x 72 (714 bytes).
  'image/png':
    'iVBORw0KGgoAAAANSUhEUgAAAGAAAABICAIAAACGBWc0AAACkUlEQVR4Ae3Br87sRBjA4R+TVzRjew01FUPa' +
    'cA0VE+oQSK4Ch0JwJ4QQ3CQj1mJPujkjanoNayeVJKv4Uujp2fl2++fr83zz+8/fc/p/itMsxWmW4jRLWOyH' +
    'X//gKP765UeWUZxmidYZH4/WGcsoTrMUp1mK0ywhgfn2O9YQPn/iVRSnWRLjyHF1RQnUQ89bMY4sIyQInz+x' +
    'tq4o66Hnv3RFSTLF/nVFyURXlNzVQ08CxSF0Rcm/dEXJXT30pFHsXD303HVFyV1XlEA99PXQk0yxf/XQc9cV' +
    'ZVeUQD30vBPROmP/6qHvipK7euj5Eq0zllEcRT30QD30vCshweV6Y1P+/PtyvTHRVDmPEhI0Vc7RCclM6/mS' +
    '4Cz7JLyEaT0TwVk2T2IcWYlpPRPBWZ4vxpFlhKcJzrJ/QrLgLMelOM0SElyuN/agqXIeJSRoqpyjE60z0pjW' +
    '8/WCs6xH64xlhJWY1jMRnGVjhC0xrWciOMt6hBcKzrI3QrLgLMelOM2SGEcedbne2IOmynkrxpFlhARNlXN0' +
    'QjLTet5DcJbtETbDtJ6J4CyrEl4lOMsOCa9iWs9EcJZtE60z0gRn2RutM5ZRnGYJCS7XG3vQVDmPEhI0Vc7R' +
    'CclM63mO4CxrE14iOMs+SYwjz2daz0RwlpXEOLKMsB7TeiaCs2yJkCw4y3EpTrOEBJfrjT1oqpxHCQmaKufo' +
    'ROuMNKb1zArOsjFaZywjPJ9pPRPBWfZAWIlpPRPBWTZG2BLTeiaCs6xHSBac5bgUp1kS48ijLtcbe9BUOW/F' +
    'OLKMkKCpco5OSGZaz1cKzrITwhpM65kIzrI9QrLgLMelOM0SrTM+Hq0zllGcZgmL+d9+4uNRnGYpTrMUp1n/' +
    'AP49sbRxiRDLAAAAAElFTkSuQmCC',
  // A child's drawing of a house in the sun, 64 x 48 (963 bytes).
  'image/jpeg':
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxO' +
    'QERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj' +
    'Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIADAAQAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAA' +
    'AAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEV' +
    'UtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SF' +
    'hoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz' +
    '9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEG' +
    'EkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZ' +
    'WmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS' +
    '09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AN+u04goAKACgAoAAMmsq1aFGHPPYuEH' +
    'N8sR2w1xQzShOSjqvX/hzeWEqJXG16RyhQAUAIzBVLMQABkk9qNgSuNikSaNZI2DIwyCKSakrocouLsx9MQ5' +
    'OtebmkJToe6tnf8AM6sJJKpqP6V85CEqklGKu2enKSirsir7U8IKAEZgqlmIAAySe1GwJXOc1XUzdsYoiRAD' +
    '/wB9+/0rz61bn0Wx6NGjyavci03UHspMHLQsfmX+o96mlVdN+RdWkqi8zpopEmjWSNgyMMgivRTUldHmSi4u' +
    'zH0xBQAUAFAFTVf+QfL+H8xWGI/hs68D/vEfn+TOdryz6MKAOi0r/kHxfj/M16mH/ho+cx3+8S+X5It1ucgU' +
    'AFABQBU1X/kHy/h/MVhiP4bOvA/7xH5/kzna8s+jCgDotK/5B8X4/wAzXqYf+Gj5zHf7xL5fki3W5yBQAUAY' +
    'VeEZhQAUAFABQAUAFABQB//Z',
  // One white pixel.
  'image/gif': 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  // One pixel, lossless.
  'image/webp': 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
};

/** The bytes of the sample picture of a type. */
export function samplePicture(contentType: ContentType): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(SAMPLE_PICTURES[contentType]), (char) => char.charCodeAt(0));
}

/** The picture with this id on a message in the conversation of one of `db.tutor`'s students. */
function findMedia(db: MockDb, mediaId: string): Schemas['MessageMedia'] | undefined {
  for (const student of db.tutor?.correspondents ?? []) {
    for (const message of db.conversations[student.id] ?? []) {
      const media = message.media?.find((candidate) => candidate.id === mediaId);
      if (media) return media;
    }
  }
  return undefined;
}

/**
 * GET /tutor/media/{mediaId}: the sample picture of the type its message declares, with that
 * content type and the server's Cache-Control; 404 for an id on no message of the tutor's students.
 */
export function createMediaHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();
  return [
    mockOperation(options, 'GET /tutor/media/{mediaId}', ({ params }) => {
      const mediaId = (params as Record<string, string | readonly string[] | undefined>).mediaId;
      const media = typeof mediaId === 'string' ? findMedia(db, mediaId) : undefined;
      if (!media) return errorResponse('NOT_FOUND', 'No such picture.');
      return new Response(samplePicture(media.contentType), {
        headers: {
          'content-type': media.contentType,
          'cache-control': 'private, max-age=86400, immutable',
        },
      });
    }),
  ];
}

export const mediaHandlers = createMediaHandlers();
