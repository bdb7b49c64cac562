// The entity tag of GET /tutor's answer, for the dashboard's refresh every 30 s (§9): it changes
// when anything the answer shows changes, so an unchanged dashboard is answered with 304. Its
// parts: the versions of the tutor's row and their students' rows, which PostgreSQL gives every
// update (triggers keep the students' rows current with their conversations and sessions), and
// the last 30 days' totals
// (queries.ts: findTutorDigest, or the profile query itself); the process's reference data
// (title thresholds, weekly announcements); whether texts are translated (familyLanguage); and
// the day that "days since the last session" and "the last 30 days" count from.
import { createHash } from 'node:crypto';
import type { TutorReferenceData } from '../../http/route-context.ts';
import type { TranslationProvider } from '../../providers/translation.ts';
import type { TutorDigest } from './queries.ts';

export function tutorEtag(
  digest: TutorDigest,
  reference: Pick<TutorReferenceData, 'digest'>,
  translation: Pick<TranslationProvider, 'kind'>,
  now: Date,
): string {
  const parts = [
    digest.tutorVersion,
    digest.studentVersions ?? '',
    digest.recent.sessions,
    digest.recent.minutes,
    reference.digest,
    translation.kind,
  ].join('|');
  const hash = createHash('sha1').update(parts).digest('base64url');
  return `"${hash}-${now.toISOString().slice(0, 10)}"`;
}
