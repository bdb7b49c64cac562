import type { components } from '@tutoring/api/schema';

type Tutor = components['schemas']['Tutor'];

/** The tutor fields the availability link is built from. */
export type AvailabilityLinkTutor = Pick<
  Tutor,
  'Availability_Form' | 'Tutor_ID' | 'Record_ID' | 'First_Name' | 'Last_Name' | 'Availability'
> & { stats: Pick<Tutor['stats'], 'capacity'> };

function parseHttpUrl(value: string | null | undefined): URL | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    // Anything but a web address (javascript:, data:) is not a form link.
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The header's Current Availability link (§5): the tutor's own form when it is a valid URL, with
 * the tutor's ID appended as tutorID; otherwise, for a tutor with an ID and a first name, the
 * organisation's form prefilled with recordID, availability, type=tutor, studentCount (capacity
 * or 0), name and tutorID; otherwise none (the header then says no form exists).
 */
export function availabilityFormLink(
  tutor: AvailabilityLinkTutor,
  fallbackForm: string,
): string | null {
  const own = parseHttpUrl(tutor.Availability_Form);
  if (own) {
    own.searchParams.set('tutorID', tutor.Tutor_ID);
    return own.toString();
  }
  const fallback = parseHttpUrl(fallbackForm);
  if (!fallback || !tutor.Tutor_ID.trim() || !tutor.First_Name.trim()) return null;
  fallback.searchParams.set('recordID', tutor.Record_ID);
  fallback.searchParams.set('availability', tutor.Availability);
  fallback.searchParams.set('type', 'tutor');
  fallback.searchParams.set('studentCount', String(tutor.stats.capacity ?? 0));
  fallback.searchParams.set('name', `${tutor.First_Name} ${tutor.Last_Name}`.trim());
  fallback.searchParams.set('tutorID', tutor.Tutor_ID);
  return fallback.toString();
}
