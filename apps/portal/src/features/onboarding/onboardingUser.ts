// The onboarding applicant as the portal sees it: the backend's onboarding tutor (§3) mapped to the
// client view, and everything the pages derive from it (the §5 availability rule and form link,
// the four tasks of §4, the tutor stage and the dashboard steps).
import type { components } from '@tutoring/api/schema';

export type OnboardingTutor = components['schemas']['OnboardingTutor'];
export type OnboardingUser = components['schemas']['OnboardingUser'];
export type OnboardingTaskDefinition = components['schemas']['OnboardingTaskDefinition'];
export type OnboardingTaskName = OnboardingTaskDefinition['name'];

const WEEKDAY = '(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]';
const AVAILABILITY_ENTRY = new RegExp(`^${WEEKDAY} ${TIME}-${TIME}$`);

/**
 * §5: availability counts as completed only as a weekday name, a space and a time range
 * HH:MM-HH:MM. Several entries may be separated by commas or semicolons, each following the rule:
 * the same rule the server applies before it moves the applicant on, so both always agree.
 */
export function isAvailabilityCompleted(availability: string): boolean {
  const entries = availability.split(/[;,]/).map((entry) => entry.trim());
  return entries.length > 0 && entries.every((entry) => AVAILABILITY_ENTRY.test(entry));
}

function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Adds `name=value` to a URL's query with '?' or '&' as fitting, before any fragment. */
export function appendQueryValue(url: string, name: string, value: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`;
}

/** What §5's availability form link is built from. */
export interface AvailabilityFormSource {
  /** The tutor's own form link, used only if it is a valid URL. */
  readonly availabilityForm: string | null;
  readonly tutorId: string;
  readonly firstName: string;
  /** The record id of the tutor in the external data store. */
  readonly recordId: string;
  readonly availability: string;
  /** How many students the tutor can take; onboarding applicants have none yet (0). */
  readonly capacity?: number | null;
}

/**
 * §5's availability form link: the tutor's own link with tutorID appended; otherwise, for a tutor
 * with an ID and a first name, the fallback form with recordID, availability, type=tutor,
 * studentCount (capacity or 0), name and tutorID; otherwise no link (null).
 */
export function availabilityFormLink(
  source: AvailabilityFormSource,
  fallbackFormUrl: string,
): string | null {
  if (isHttpUrl(source.availabilityForm)) {
    return appendQueryValue(source.availabilityForm, 'tutorID', source.tutorId);
  }
  if (!source.tutorId.trim() || !source.firstName.trim()) return null;
  const values: Array<[string, string]> = [
    ['recordID', source.recordId],
    ['availability', source.availability],
    ['type', 'tutor'],
    ['studentCount', String(source.capacity ?? 0)],
    ['name', source.firstName],
    ['tutorID', source.tutorId],
  ];
  return values.reduce((url, [name, value]) => appendQueryValue(url, name, value), fallbackFormUrl);
}

export interface OnboardingUserOptions {
  /** The fallback availability form of §5 (config). */
  readonly availabilityFallbackFormUrl: string;
}

/**
 * Maps the backend's onboarding tutor to the client view of §3. `availabilityForm` becomes the
 * link the availability page opens (§5, already resolved), and the availability module counts as
 * completed by the §5 rule.
 */
export function toOnboardingUser(
  tutor: OnboardingTutor,
  options: OnboardingUserOptions,
): OnboardingUser {
  return {
    firstname: tutor.firstName,
    lastname: tutor.lastName,
    phone: tutor.phone ?? '',
    tutorID: tutor.tutorId,
    email: tutor.email,
    id: tutor.id,
    status: tutor.status ?? '',
    waiverCompleted: tutor.waiver,
    liveScanCompleted: tutor.backgroundCheck,
    workbookCompleted: tutor.workbookCompleted,
    typeOfTrainingCompleted: tutor.typeOfTrainingCompleted,
    availabilityForm: availabilityFormLink(
      {
        availabilityForm: tutor.availabilityForm,
        tutorId: tutor.tutorId,
        firstName: tutor.firstName,
        recordId: tutor.id,
        availability: tutor.availability,
      },
      options.availabilityFallbackFormUrl,
    ),
    workbookAvailabilityModuleCompleted: isAvailabilityCompleted(tutor.availability),
    interviewDate: tutor.interviewDate,
    correspondents: tutor.correspondents,
  };
}

/** The routes of the four tasks, relative to /onboarding. */
export const onboardingTaskRoutes = {
  Waiver: 'waiver',
  Training: 'training',
  'Background Check': 'background-check',
  Availability: 'availability',
} as const satisfies Record<OnboardingTaskName, string>;

/**
 * The four onboarding tasks of §3/§4 in the dashboard's order, with the §9 estimates and the §4
 * completion mapping: Waiver = waiver flag, Training = workbookCompleted, Background Check =
 * liveScanCompleted, Availability = the derived availability flag.
 */
export function onboardingTasks(user: OnboardingUser): OnboardingTaskDefinition[] {
  return [
    {
      name: 'Waiver',
      description: 'Read and sign the volunteer agreement and waiver.',
      timeEstimate: '5 minutes',
      link: onboardingTaskRoutes.Waiver,
      completed: user.waiverCompleted,
    },
    {
      name: 'Training',
      description:
        'Join a live virtual training, or watch the recorded one, then pass the knowledge check.',
      timeEstimate: '2 hours',
      link: onboardingTaskRoutes.Training,
      completed: user.workbookCompleted,
    },
    {
      name: 'Background Check',
      description: 'Complete a Live Scan in California, or an online check anywhere else.',
      timeEstimate: '0.5-1 hour',
      link: onboardingTaskRoutes['Background Check'],
      completed: user.liveScanCompleted,
    },
    {
      name: 'Availability',
      description: 'Tell us the weekly times you can tutor, so we can match you with a student.',
      timeEstimate: '5 minutes',
      link: onboardingTaskRoutes.Availability,
      completed: user.workbookAvailabilityModuleCompleted,
    },
  ];
}

/** §4 Tutor stages, in order. */
export const tutorStages = ['Application Accepted', 'Ready to Tutor', 'Matched'] as const;
export type TutorStage = 0 | 1 | 2;

/** §4: the stage of a user status; an empty or unknown status is the first stage. */
export function tutorStage(status: string): TutorStage {
  const index = tutorStages.findIndex(
    (stage) => stage.toLowerCase() === status.trim().toLowerCase(),
  );
  return index === -1 ? 0 : (index as TutorStage);
}

/** §4: the two final statuses (Ready to Tutor, Matched) mean onboarding is complete. */
export function isOnboardingComplete(status: string): boolean {
  return tutorStage(status) > 0;
}

/** §4 step statuses, shown as past, current or upcoming. */
export type DashboardStepStatus = 'complete' | 'current' | 'pending';

export interface DashboardSteps {
  /** 'Onboarding Steps': the four tasks. */
  readonly tasks: DashboardStepStatus;
  /** The closing 'Wait to get matched'. */
  readonly matching: DashboardStepStatus;
}

/**
 * The dashboard's steps from the status (§4): Application Accepted works on the tasks, Ready to
 * Tutor waits to get matched, Matched has both behind it. The 'Onboarding Steps' header is also
 * complete as soon as the four tasks are, even before the status has moved on.
 */
export function dashboardSteps(user: OnboardingUser): DashboardSteps {
  const stage = tutorStage(user.status);
  const tasksDone = onboardingTasks(user).every((task) => task.completed);
  if (stage === 2) return { tasks: 'complete', matching: 'complete' };
  if (stage === 1 || tasksDone) return { tasks: 'complete', matching: 'current' };
  return { tasks: 'current', matching: 'pending' };
}

/**
 * The sidebar's current onboarding step (§2): the dashboard's current step, so the two never
 * disagree (with the four tasks done and the status not yet moved on, both say the applicant now
 * waits to get matched).
 */
export function currentStepLabel(user: OnboardingUser): string {
  const steps = dashboardSteps(user);
  if (steps.matching === 'complete') return 'Matched with a student';
  if (steps.matching === 'current') return 'Wait to get matched';
  return 'Complete your onboarding tasks';
}
