// The embedded forms and scheduling widgets, prefilled with what the applicant already told us
// (§2), so nobody types their name and e-mail twice and the provider's webhook can name them.
import { onboardingEmbeds } from '../../config/onboardingLinks';
import { appendQueryValue, type OnboardingUser } from './onboardingUser';

/** The knowledge check's two variants (§2): after the recorded training, or the live one. */
export type KnowledgeCheckFormType = 'asyncknowledgecheck' | 'livetraining';

export function prefilledUrl(base: string, values: Readonly<Record<string, string>>): string {
  return Object.entries(values).reduce(
    (url, [name, value]) => appendQueryValue(url, name, value),
    base,
  );
}

/** The waiver form, prefilled with first name, last name and e-mail. */
export function waiverFormUrl(user: OnboardingUser): string {
  return prefilledUrl(onboardingEmbeds.waiverForm, {
    firstName: user.firstname,
    lastName: user.lastname,
    email: user.email,
  });
}

/** The knowledge check, prefilled with its form type and the tutor ID. */
export function knowledgeCheckFormUrl(
  user: OnboardingUser,
  formType: KnowledgeCheckFormType,
): string {
  return prefilledUrl(onboardingEmbeds.knowledgeCheckForm, {
    formType,
    tutorID: user.tutorID,
  });
}

/** Live training dates, prefilled so the booking reaches the applicant's record. */
export function trainingSchedulingUrl(user: OnboardingUser): string {
  return prefilledUrl(onboardingEmbeds.trainingScheduling, {
    name: `${user.firstname} ${user.lastname}`.trim(),
    email: user.email,
    tutorID: user.tutorID,
  });
}

/** Booking the onboarding chat, prefilled the same way. */
export function onboardingChatSchedulingUrl(user: OnboardingUser): string {
  return prefilledUrl(onboardingEmbeds.onboardingChatScheduling, {
    name: `${user.firstname} ${user.lastname}`.trim(),
    email: user.email,
    tutorID: user.tutorID,
  });
}
