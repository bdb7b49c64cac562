import type { components } from '@tutoring/api/schema';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import type { titleThresholds } from '../db/schema.ts';
import type { SharedReadCache } from '../db/shared-read-cache.ts';
import type { MailProvider } from '../providers/mail.ts';
import type { MediaFetcher } from '../providers/mms-media.ts';
import type { DevSmsProvider, SmsProvider } from '../providers/sms.ts';
import type { TranslationProvider } from '../providers/translation.ts';
import type { BackgroundTasks } from './background.ts';
import type { Clock } from './clock.ts';
import type { Metrics } from './metrics.ts';
import type { OperationContext } from './operations.ts';
import type { SecurityHeaderSets } from './security-headers.ts';

/**
 * What every tutor's GET /tutor carries alike, kept in the process (modules/tutors/reference-data.ts
 * reads it). Declared here, beneath the modules, because the route context holds its cache.
 */
export interface TutorReferenceData {
  /** Lowest first. */
  thresholds: Array<typeof titleThresholds.$inferSelect>;
  /** Newest first, as GET /tutor answers them. */
  weeklyAnnouncements: components['schemas']['Tutor']['weeklyAnnouncements'];
  /** A digest of both, for GET /tutor's ETag: the same for the same content. */
  digest: string;
}

export type TutorReferenceDataCache = SharedReadCache<TutorReferenceData>;

/**
 * The server's own work on a timer (app/jobs.ts): held texts going out, notifications composed
 * and delivered. Declared here so the development clock route can run a pass.
 */
export interface BackgroundJobs {
  /** One pass of every job at the clock's now; resolves when it is done. */
  runPass(): Promise<void>;
}

/** What a module's routes get: the contract machinery, the database, providers and the clock. */
export interface RouteContext extends OperationContext {
  config: Config;
  db: Database;
  now: () => Date;
  /** The clock `now` reads; only the development clock route moves it (clock.ts). */
  clock: Clock;
  /** Held texts and notifications (app/jobs.ts), run on a timer and by the development clock. */
  jobs: BackgroundJobs;
  mail: MailProvider;
  sms: SmsProvider;
  /** Translation of texts for families who read another language; kind 'off' without a key. */
  translation: TranslationProvider;
  /** Fetches the pictures of families' texts (MMS) from the SMS provider. */
  media: MediaFetcher;
  /** The development SMS provider when it is the one in use (the dev SMS page drives it). */
  devSms?: DevSmsProvider | undefined;
  background: BackgroundTasks;
  metrics: Metrics;
  /** Title thresholds and weekly announcements, as every GET /tutor carries them. */
  tutorReferenceData: TutorReferenceDataCache;
  /** The latest portal announcements, as every tutor's list shows them. */
  portalAnnouncementList: SharedReadCache<
    components['schemas']['PortalAnnouncementList']['announcements']
  >;
  /** The security headers of pages and of API answers (security-headers.ts). */
  securityHeaders: SecurityHeaderSets;
}
