import type { components } from '@tutoring/api/schema';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';

type PhotoType = components['schemas']['MessageMedia']['contentType'];

/** The picture types the contract allows; anything else is not shown. */
const photoTypes: ReadonlySet<string> = new Set<PhotoType>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

/**
 * GET /tutor/media/{mediaId}: the bytes of a picture a family sent, through the api client, so
 * the request carries the tutor's bearer token (an `<img src>` could not send it) and gets its one
 * refresh on a 401. The chat turns the Blob into a blob: URL for as long as the picture is on
 * screen (MessagePhoto revokes it). An answer that is not one of the contract's picture types is
 * refused rather than shown.
 */
export function useMessagePhotoLoader(): (photoId: string) => Promise<Blob> {
  const apiClient = useApiClient();
  return useCallback(
    async (photoId: string) => {
      const { data, error, response } = await apiClient.GET('/tutor/media/{mediaId}', {
        params: { path: { mediaId: photoId } },
        parseAs: 'blob',
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      const blob = data as unknown as Blob;
      const type = (response.headers.get('content-type') ?? blob.type).split(';')[0]?.trim() ?? '';
      if (!photoTypes.has(type)) {
        throw new Error(`GET /tutor/media/${photoId} answered ${type || 'no type'}, not a picture`);
      }
      // The Blob keeps the picture's type, so the browser decodes it as the server said.
      return blob.type === type ? blob : new Blob([blob], { type });
    },
    [apiClient],
  );
}
