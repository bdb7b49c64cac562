import { http } from 'msw';
import {
  type ErrorBody,
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockUrl,
  type PostBody,
  type ResponseBody,
  readCallableData,
  readJsonBody,
  type Schemas,
} from './contract';
import { portalAnnouncements, readAnnouncementIds, tutorMaya } from './fixtures';

export interface AnnouncementsMockOptions extends MockOptions {
  /** Portal announcements (three, one read, by default); [] shows 'No Announcements'. */
  announcements?: Schemas['PortalAnnouncement'][];
  readAnnouncementIds?: string[];
}

/**
 * GET /portal-announcement, POST /portal-announcement/status, POST /tutor/mark-announcement-read
 * and the setLatestViewedAnnouncement callable. Read state is kept per handler set.
 */
export function createAnnouncementsHandlers(options: AnnouncementsMockOptions = {}) {
  const announcements = structuredClone(options.announcements ?? portalAnnouncements);
  const readIds = new Set(options.readAnnouncementIds ?? readAnnouncementIds);
  const readAt = new Map<string, string>();
  let latestViewed = structuredClone(tutorMaya.latestViewedAnnouncement);

  return [
    http.get<never, never, ResponseBody<'/portal-announcement', 'get'>>(
      mockUrl(options, '/portal-announcement'),
      () =>
        jsonResponse<ResponseBody<'/portal-announcement', 'get'>>({
          announcements,
          readAnnouncementIds: [...readIds],
        }),
    ),

    http.post<never, never, ResponseBody<'/portal-announcement/status', 'post'> | ErrorBody>(
      mockUrl(options, '/portal-announcement/status'),
      async ({ request }) => {
        const body = await readJsonBody<PostBody<'/portal-announcement/status'>>(request);
        if (!body?.announcementId) {
          return errorResponse('INVALID_ARGUMENT', 'announcementId is required.');
        }
        if (!announcements.some((a) => a.id === body.announcementId)) {
          return errorResponse('NOT_FOUND', 'No such announcement.');
        }
        readIds.add(body.announcementId);
        const at = readAt.get(body.announcementId) ?? new Date().toISOString();
        readAt.set(body.announcementId, at);
        return jsonResponse<ResponseBody<'/portal-announcement/status', 'post'>>({
          announcementId: body.announcementId,
          readAt: at,
        });
      },
    ),

    http.post(
      mockUrl(options, '/tutor/mark-announcement-read'),
      () => new Response(null, { status: 204 }),
    ),

    http.post<
      never,
      never,
      ResponseBody<'/functions/setLatestViewedAnnouncement', 'post'> | ErrorBody
    >(mockUrl(options, '/functions/setLatestViewedAnnouncement'), async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/setLatestViewedAnnouncement'>['data']>(request);
      if (!data?.id || !data.date || Number.isNaN(Date.parse(data.date))) {
        return errorResponse('INVALID_ARGUMENT', 'data.id and an ISO data.date are required.');
      }
      if (!latestViewed || Date.parse(data.date) >= Date.parse(latestViewed.date)) {
        latestViewed = { id: data.id, date: data.date };
      }
      return jsonResponse<ResponseBody<'/functions/setLatestViewedAnnouncement', 'post'>>({
        result: latestViewed,
      });
    }),
  ];
}

export const announcementsHandlers = createAnnouncementsHandlers();
