import type { components } from '@tutoring/api/schema';

type Tutor = components['schemas']['Tutor'];

/**
 * The weekly session form prefilled for the tutor through the form provider's query values, as
 * the onboarding forms are: the tutor's ID as tutorID (the key §5 uses for the availability
 * form), and their names and e-mail, so the tutor only reports the session itself.
 */
export function sessionFormUrl(
  formUrl: string,
  tutor: Pick<Tutor, 'Tutor_ID' | 'First_Name' | 'Last_Name' | 'email'>,
): string {
  const url = new URL(formUrl);
  url.searchParams.set('tutorID', tutor.Tutor_ID);
  url.searchParams.set('firstName', tutor.First_Name);
  url.searchParams.set('lastName', tutor.Last_Name);
  url.searchParams.set('email', tutor.email);
  return url.toString();
}
