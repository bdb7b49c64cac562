import type { components } from '@tutoring/api/schema';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { portalAnnouncementReads, portalAnnouncements, tutors } from '../../db/schema.ts';
import { createSharedReadCache, type SharedReadCache } from '../../db/shared-read-cache.ts';
import { notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { currentTutor, isRecordUuid, TUTOR_NOT_FOUND_MESSAGE } from '../tutors/access.ts';
import { recordLatestViewedAnnouncement } from '../tutors/queries.ts';

type LatestViewedAnnouncement = components['schemas']['LatestViewedAnnouncement'];
type AnnouncementStatusRequest = components['schemas']['AnnouncementStatusRequest'];

/** How many portal announcements the list carries, newest first. */
const PORTAL_ANNOUNCEMENT_LIMIT = 100;
const ANNOUNCEMENT_NOT_FOUND_MESSAGE = 'No such announcement.';

const latestPortalAnnouncements = (db: Database) =>
  db
    .select()
    .from(portalAnnouncements)
    .where(isNull(portalAnnouncements.archivedAt))
    .orderBy(desc(portalAnnouncements.createdAt), desc(portalAnnouncements.id))
    .limit(PORTAL_ANNOUNCEMENT_LIMIT)
    .prepare('latest_portal_announcements');

const announcementReadsOfTutor = (db: Database) =>
  db
    .select({ id: portalAnnouncementReads.announcementId })
    .from(portalAnnouncementReads)
    .where(eq(portalAnnouncementReads.tutorId, sql.placeholder('tutorId')))
    .prepare('announcement_reads_of_tutor');

type PortalAnnouncementResponse =
  components['schemas']['PortalAnnouncementList']['announcements'][number];

/**
 * The latest portal announcements as every tutor's list shows them, kept in the process
 * (shared-read-cache.ts): the same 100 rows for everyone were most of this route's cost under
 * `pnpm bench:api`. A write of portal announcements through the integration API drops the copy.
 */
export function createPortalAnnouncementListCache(
  db: Database,
): SharedReadCache<PortalAnnouncementResponse[]> {
  return createSharedReadCache(async () => {
    const announcements = await prepared(db, latestPortalAnnouncements).execute();
    return announcements.map((announcement) => ({
      id: announcement.id,
      subject: announcement.subject,
      message: announcement.message,
      createdAt: announcement.createdAt.toISOString(),
    }));
  });
}

export function registerAnnouncementRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'setLatestViewedAnnouncement',
    access: 'tutor',
    handler: async (request) => {
      // The contract has validated the shape, including the date-time format of `date`.
      const { data } = request.body as { data: LatestViewedAnnouncement };
      const tutor = await currentTutor(db, request);
      const stored = await recordLatestViewedAnnouncement(db, tutor.id, {
        id: data.id,
        date: new Date(data.date),
      });
      if (!stored) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      return { result: { id: stored.id, date: stored.date.toISOString() } };
    },
  });

  registerOperation(scope, context, {
    operationId: 'listPortalAnnouncements',
    access: 'tutor',
    handler: async (request) => {
      const tutor = await currentTutor(db, request);
      const [announcements, reads] = await Promise.all([
        context.portalAnnouncementList.get(),
        prepared(db, announcementReadsOfTutor).execute({ tutorId: tutor.id }),
      ]);
      return { announcements, readAnnouncementIds: reads.map((read) => read.id) };
    },
  });

  registerOperation(scope, context, {
    operationId: 'markPortalAnnouncementRead',
    access: 'tutor',
    handler: async (request) => {
      const { announcementId } = request.body as AnnouncementStatusRequest;
      const tutor = await currentTutor(db, request);
      if (!isRecordUuid(announcementId)) throw notFound(ANNOUNCEMENT_NOT_FOUND_MESSAGE);
      const [announcement] = await db
        .select({ id: portalAnnouncements.id })
        .from(portalAnnouncements)
        .where(
          and(eq(portalAnnouncements.id, announcementId), isNull(portalAnnouncements.archivedAt)),
        );
      if (!announcement) throw notFound(ANNOUNCEMENT_NOT_FOUND_MESSAGE);
      // Marking again keeps the first read time.
      await db
        .insert(portalAnnouncementReads)
        .values({ tutorId: tutor.id, announcementId, readAt: context.now() })
        .onConflictDoNothing();
      const [read] = await db
        .select({ readAt: portalAnnouncementReads.readAt })
        .from(portalAnnouncementReads)
        .where(
          and(
            eq(portalAnnouncementReads.tutorId, tutor.id),
            eq(portalAnnouncementReads.announcementId, announcementId),
          ),
        );
      if (!read) throw notFound(ANNOUNCEMENT_NOT_FOUND_MESSAGE);
      return { announcementId, readAt: read.readAt.toISOString() };
    },
  });

  registerOperation(scope, context, {
    operationId: 'markNewAnnouncementSeen',
    access: 'tutor',
    handler: async (request, reply) => {
      const tutor = await currentTutor(db, request);
      await db.update(tutors).set({ hasNewAnnouncement: false }).where(eq(tutors.id, tutor.id));
      return reply.code(204).send();
    },
  });
}
