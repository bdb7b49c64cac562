// Step of buildApp (app.ts): the shared-read caches of the route context (shared-read-cache.ts:
// the tutors' reference data, the portal announcements), kept fresh across the server's instances.
//
// On PostgreSQL, a write through the integration API drops the copy here and sends a notification
// (LISTEN/NOTIFY, db/notifications.ts, after the write committed) that drops it in every other
// instance as the write's answer goes out; a listener that reconnects drops every copy (it may have missed
// notifications). The copies' own age limit stays as the last resort (writes no instance takes:
// the CSV import command, SQL by hand). PGlite serves one process: the drop stays in it.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/open.ts';
import type { SharedReadCache } from '../db/shared-read-cache.ts';
import { createPortalAnnouncementListCache } from '../modules/announcements/routes.ts';
import { createTutorReferenceDataCache } from '../modules/tutors/reference-data.ts';

/** The channel the instances tell each other of dropped shared reads on. */
export const SHARED_READS_CHANNEL = 'tutoring_shared_reads';

export interface SharedReads {
  tutorReferenceData: ReturnType<typeof createTutorReferenceDataCache>;
  portalAnnouncementList: ReturnType<typeof createPortalAnnouncementListCache>;
}

/** How long a write waits for its own notification to come back before it answers anyway. */
const ECHO_WAIT_MS = 1000;

type LocalCache = SharedReadCache<unknown> & { invalidate(): void };

/**
 * The route context's shared reads; on PostgreSQL the app listens for the other instances' drops
 * once ready and stops when it closes.
 */
export function createSharedReads(app: FastifyInstance, database: DatabaseHandle): SharedReads {
  const local = {
    tutorReferenceData: createTutorReferenceDataCache(database.db),
    portalAnnouncementList: createPortalAnnouncementListCache(database.db),
  };
  const { notifications } = database;
  if (!notifications) return local;
  const caches: Record<string, LocalCache> = local;
  const log = app.log;

  // A drop's notification goes to every listener, this instance's own included, and PostgreSQL
  // signals them all at once when it commits. A write answers once its own has come back (at most
  // ECHO_WAIT_MS): by then the others have theirs too, but for a scheduling delay of their
  // listening backend (a notification is asynchronous; nothing waits for the other instances).
  const echoes = new Map<string, () => void>();
  const instance = randomUUID();
  let sent = 0;
  let listener: { stop(): Promise<void> } | undefined;

  const shared = <T extends LocalCache>(name: string, cache: T): T => ({
    ...cache,
    get: cache.get,
    async invalidate() {
      cache.invalidate();
      sent += 1;
      const id = `${instance}.${sent}`;
      const echoed = new Promise<void>((resolve) => {
        if (!listener) return resolve();
        echoes.set(id, resolve);
        setTimeout(resolve, ECHO_WAIT_MS).unref();
      });
      const told = await tellOthers(log, () =>
        notifications.notify(SHARED_READS_CHANNEL, `${name} ${id}`),
      );
      if (told) await echoed;
      echoes.delete(id);
    },
  });

  app.addHook('onReady', async () => {
    listener = await notifications.listen(
      SHARED_READS_CHANNEL,
      (payload) => {
        const [name = '', id = ''] = payload.split(' ');
        caches[name]?.invalidate();
        echoes.get(id)?.();
      },
      // At first, and after a reconnection that may have missed some notifications: every copy.
      () => {
        for (const cache of Object.values(caches)) cache.invalidate();
      },
    );
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
  });
  return {
    tutorReferenceData: shared('tutorReferenceData', local.tutorReferenceData),
    portalAnnouncementList: shared('portalAnnouncementList', local.portalAnnouncementList),
  };
}

/**
 * Sends the notification; a failure is logged, not thrown: the write it follows is committed,
 * and the other instances' copies still expire with their age limit.
 */
async function tellOthers(log: FastifyBaseLogger, notify: () => Promise<void>): Promise<boolean> {
  try {
    await notify();
    return true;
  } catch (error) {
    log.warn(
      { err: error },
      'shared reads: the other instances could not be told of a write (their copies expire)',
    );
    return false;
  }
}
