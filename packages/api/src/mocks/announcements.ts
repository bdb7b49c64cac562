import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readCallableData,
  readJsonBody,
} from './contract';
import { createMockDb, mockNow } from './db';

/**
 * GET /portal-announcement, POST /portal-announcement/status, POST /tutor/mark-announcement-read
 * (clears the tutor's hasNewAnnouncement) and the setLatestViewedAnnouncement callable, over
 * `db.portalAnnouncements`, `db.readAnnouncementIds` and `db.latestViewedAnnouncement`.
 */
export function createAnnouncementsHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'GET /portal-announcement', () =>
      jsonResponse<ResponseBody<'/portal-announcement', 'get'>>({
        announcements: db.portalAnnouncements,
        readAnnouncementIds: db.readAnnouncementIds,
      }),
    ),

    mockOperation(options, 'POST /portal-announcement/status', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/portal-announcement/status'>>(request);
      if (!body?.announcementId) {
        return errorResponse('INVALID_ARGUMENT', 'announcementId is required.');
      }
      const { announcementId } = body;
      if (!db.portalAnnouncements.some((a) => a.id === announcementId)) {
        return errorResponse('NOT_FOUND', 'No such announcement.');
      }
      if (!db.readAnnouncementIds.includes(announcementId)) {
        db.readAnnouncementIds.push(announcementId);
      }
      const readAt = db.announcementReadAt[announcementId] ?? mockNow(db);
      db.announcementReadAt[announcementId] = readAt;
      return jsonResponse<ResponseBody<'/portal-announcement/status', 'post'>>({
        announcementId,
        readAt,
      });
    }),

    mockOperation(options, 'POST /tutor/mark-announcement-read', () => {
      if (db.tutor) db.tutor.hasNewAnnouncement = false;
      return new Response(null, { status: 204 });
    }),

    mockOperation(options, 'POST /functions/setLatestViewedAnnouncement', async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/setLatestViewedAnnouncement'>['data']>(request);
      if (!data?.id || !data.date || Number.isNaN(Date.parse(data.date))) {
        return errorResponse('INVALID_ARGUMENT', 'data.id and an ISO data.date are required.');
      }
      const latest = db.latestViewedAnnouncement;
      const kept =
        latest && Date.parse(data.date) < Date.parse(latest.date)
          ? latest
          : { id: data.id, date: data.date };
      db.latestViewedAnnouncement = kept;
      if (db.tutor) db.tutor.latestViewedAnnouncement = structuredClone(kept);
      return jsonResponse<ResponseBody<'/functions/setLatestViewedAnnouncement', 'post'>>({
        result: kept,
      });
    }),
  ];
}

export const announcementsHandlers = createAnnouncementsHandlers();
