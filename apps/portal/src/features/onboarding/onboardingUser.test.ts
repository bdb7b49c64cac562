import { describe, expect, it } from 'vitest';
import {
  appendQueryValue,
  availabilityFormLink,
  currentStepLabel,
  dashboardSteps,
  isAvailabilityCompleted,
  isOnboardingComplete,
  type OnboardingTutor,
  onboardingTasks,
  toOnboardingUser,
  tutorStage,
} from './onboardingUser';

const fallback = 'https://forms.example.org/availability-fallback';

const sam: OnboardingTutor = {
  firstName: 'Sam',
  lastName: 'Rivera',
  phone: '510-555-0199',
  tutorId: 'APP-30117',
  id: 'rec-sam',
  status: 'Application Accepted',
  waiver: false,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/tutor-availability',
  availability: '',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'sam.rivera@example.com',
  interviewDate: '2026-11-12T18:00:00.000Z',
  correspondents: [],
};

const userOf = (changes: Partial<OnboardingTutor> = {}) =>
  toOnboardingUser({ ...sam, ...changes }, { availabilityFallbackFormUrl: fallback });

describe('the §5 availability rule', () => {
  it.each([
    'Monday 16:00-18:00',
    'Sunday 09:30-10:00',
    'Tuesday 17:00-19:00, Thursday 08:00-09:15',
    'Friday 00:00-23:59; Saturday 10:00-12:00',
  ])('counts %j as completed', (text) => {
    expect(isAvailabilityCompleted(text)).toBe(true);
  });

  it.each([
    '',
    'Monday',
    'monday 16:00-18:00',
    'Mon 16:00-18:00',
    'Monday 4pm-6pm',
    'Monday 16:00 - 18:00',
    'Monday  16:00-18:00',
    'Monday 24:00-25:00',
    'Monday 16:00-18:00, weekends',
    'Any weekday 16:00-18:00',
  ])('does not count %j', (text) => {
    expect(isAvailabilityCompleted(text)).toBe(false);
  });
});

describe('the §5 availability form link', () => {
  const source = {
    availabilityForm: 'https://forms.example.org/tutor-availability',
    tutorId: 'APP-30117',
    firstName: 'Sam',
    recordId: 'rec-sam',
    availability: 'Monday 16:00-18:00',
  };

  it("appends tutorID with '?' to a link without a query", () => {
    expect(availabilityFormLink(source, fallback)).toBe(
      'https://forms.example.org/tutor-availability?tutorID=APP-30117',
    );
  });

  it("appends tutorID with '&' to a link that has a query, before any fragment", () => {
    expect(
      availabilityFormLink(
        { ...source, availabilityForm: 'https://forms.example.org/a?form=onboarding#top' },
        fallback,
      ),
    ).toBe('https://forms.example.org/a?form=onboarding&tutorID=APP-30117#top');
  });

  it('builds the fallback link when the own link is not a valid URL', () => {
    for (const availabilityForm of [null, '', 'not a url', 'javascript:alert(1)']) {
      const link = availabilityFormLink({ ...source, availabilityForm }, fallback);
      expect(link).not.toBeNull();
      const url = new URL(link as string);
      expect(`${url.origin}${url.pathname}`).toBe(fallback);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        recordID: 'rec-sam',
        availability: 'Monday 16:00-18:00',
        type: 'tutor',
        studentCount: '0',
        name: 'Sam',
        tutorID: 'APP-30117',
      });
    }
  });

  it('puts the capacity in studentCount when there is one', () => {
    const link = availabilityFormLink({ ...source, availabilityForm: null, capacity: 3 }, fallback);
    expect(new URL(link as string).searchParams.get('studentCount')).toBe('3');
  });

  it('gives no link without a tutor ID or a first name', () => {
    expect(availabilityFormLink({ ...source, availabilityForm: null, tutorId: '' }, fallback)).toBe(
      null,
    );
    expect(
      availabilityFormLink({ ...source, availabilityForm: 'nope', firstName: ' ' }, fallback),
    ).toBe(null);
  });

  it('keeps an existing query untouched and encodes the value', () => {
    expect(appendQueryValue('https://x.example/f?', 'tutorID', 'A B&C')).toBe(
      'https://x.example/f?tutorID=A%20B%26C',
    );
  });
});

describe('the client view of §3', () => {
  it('maps the backend fields to the client names', () => {
    const user = userOf({
      waiver: true,
      backgroundCheck: true,
      workbookCompleted: true,
      typeOfTrainingCompleted: true,
      availability: 'Monday 16:00-18:00',
      correspondents: [{ 'Student ID': 'S-1', First_Name: 'Liam', grade: '4th' }],
    });
    expect(user).toEqual({
      firstname: 'Sam',
      lastname: 'Rivera',
      phone: '510-555-0199',
      tutorID: 'APP-30117',
      email: 'sam.rivera@example.com',
      id: 'rec-sam',
      status: 'Application Accepted',
      waiverCompleted: true,
      liveScanCompleted: true,
      workbookCompleted: true,
      typeOfTrainingCompleted: true,
      availabilityForm: 'https://forms.example.org/tutor-availability?tutorID=APP-30117',
      workbookAvailabilityModuleCompleted: true,
      interviewDate: '2026-11-12T18:00:00.000Z',
      correspondents: [{ 'Student ID': 'S-1', First_Name: 'Liam', grade: '4th' }],
    });
  });

  it('derives the availability module from the text, not from the form link', () => {
    expect(userOf({ availability: 'sometime next week' }).workbookAvailabilityModuleCompleted).toBe(
      false,
    );
    expect(
      userOf({ availability: 'Saturday 10:00-12:00' }).workbookAvailabilityModuleCompleted,
    ).toBe(true);
  });
});

describe('the four onboarding tasks (§4)', () => {
  it('lists waiver, training, background check and availability with the §9 estimates', () => {
    expect(
      onboardingTasks(userOf()).map(({ name, timeEstimate, link }) => [name, timeEstimate, link]),
    ).toEqual([
      ['Waiver', '5 minutes', 'waiver'],
      ['Training', '2 hours', 'training'],
      ['Background Check', '0.5-1 hour', 'background-check'],
      ['Availability', '5 minutes', 'availability'],
    ]);
  });

  it('marks each task from its own flag', () => {
    const completed = (changes: Partial<OnboardingTutor>) =>
      onboardingTasks(userOf(changes))
        .filter((task) => task.completed)
        .map((task) => task.name);
    expect(completed({})).toEqual([]);
    expect(completed({ waiver: true })).toEqual(['Waiver']);
    // Training is the knowledge check (workbookCompleted), not attending the live session.
    expect(completed({ typeOfTrainingCompleted: true })).toEqual([]);
    expect(completed({ workbookCompleted: true })).toEqual(['Training']);
    expect(completed({ backgroundCheck: true })).toEqual(['Background Check']);
    expect(completed({ availability: 'Monday 16:00-18:00' })).toEqual(['Availability']);
  });
});

describe('stages and steps from the status (§4)', () => {
  it('reads the tutor stages', () => {
    expect(tutorStage('Application Accepted')).toBe(0);
    expect(tutorStage('Ready to Tutor')).toBe(1);
    expect(tutorStage('Matched')).toBe(2);
    expect(tutorStage('')).toBe(0);
    expect(tutorStage('Something else')).toBe(0);
  });

  it('treats Ready to Tutor and Matched as the two final statuses', () => {
    expect(isOnboardingComplete('Application Accepted')).toBe(false);
    expect(isOnboardingComplete('')).toBe(false);
    expect(isOnboardingComplete('Ready to Tutor')).toBe(true);
    expect(isOnboardingComplete('Matched')).toBe(true);
  });

  it('shows the steps as past, current or upcoming', () => {
    expect(dashboardSteps(userOf())).toEqual({ tasks: 'current', matching: 'pending' });
    expect(dashboardSteps(userOf({ status: 'Ready to Tutor' }))).toEqual({
      tasks: 'complete',
      matching: 'current',
    });
    expect(dashboardSteps(userOf({ status: 'Matched' }))).toEqual({
      tasks: 'complete',
      matching: 'complete',
    });
  });

  it("completes the 'Onboarding Steps' header when all four tasks are, only then", () => {
    const done = {
      waiver: true,
      backgroundCheck: true,
      workbookCompleted: true,
      availability: 'Monday 16:00-18:00',
    };
    expect(dashboardSteps(userOf(done)).tasks).toBe('complete');
    expect(dashboardSteps(userOf({ ...done, backgroundCheck: false })).tasks).toBe('current');
  });

  it('names the current step for the sidebar', () => {
    expect(currentStepLabel(userOf())).toBe('Complete your onboarding tasks');
    expect(currentStepLabel(userOf({ status: 'Ready to Tutor' }))).toBe('Wait to get matched');
    expect(currentStepLabel(userOf({ status: 'Matched' }))).toBe('Matched with a student');
  });

  it('agrees with the dashboard once the four tasks are done, before the status moves on', () => {
    const done = {
      waiver: true,
      backgroundCheck: true,
      workbookCompleted: true,
      availability: 'Monday 16:00-18:00',
    };
    expect(dashboardSteps(userOf(done)).matching).toBe('current');
    expect(currentStepLabel(userOf(done))).toBe('Wait to get matched');
  });
});
