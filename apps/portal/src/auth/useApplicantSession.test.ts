import { describe, expect, it } from 'vitest';
import { applicantSessionOf } from './useApplicantSession';

describe('applicantSessionOf', () => {
  it("gives the magic session's uid and the applicant e-mail of the token claim", () => {
    expect(
      applicantSessionOf({
        status: 'magic',
        user: { uid: 'applicant-sam', email: null, displayName: null },
        idToken: 'magic-token',
        applicantEmail: 'sam.rivera@example.com',
        restored: true,
      }),
    ).toEqual({ uid: 'applicant-sam', email: 'sam.rivera@example.com' });
  });

  it('gives a null e-mail when the token has no claim', () => {
    expect(
      applicantSessionOf({
        status: 'magic',
        user: { uid: 'applicant-sam', email: null, displayName: null },
        idToken: 'magic-token',
        applicantEmail: null,
        restored: false,
      }),
    ).toEqual({ uid: 'applicant-sam', email: null });
  });

  it('gives null without a magic session', () => {
    expect(applicantSessionOf({ status: 'loading' })).toBeNull();
    expect(applicantSessionOf({ status: 'signedOut' })).toBeNull();
    expect(
      applicantSessionOf({
        status: 'google',
        user: { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: null },
        idToken: 'token-1',
      }),
    ).toBeNull();
  });
});
