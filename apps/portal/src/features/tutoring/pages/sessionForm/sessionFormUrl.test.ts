import { describe, expect, it } from 'vitest';
import { sessionFormUrl } from './sessionFormUrl';

describe('sessionFormUrl', () => {
  it("prefills the tutor's ID, names and e-mail, keeping the form's own query", () => {
    const url = new URL(
      sessionFormUrl('https://forms.example.org/weekly-session?embed=1', {
        Tutor_ID: 'TUT-1042',
        First_Name: 'Maya',
        Last_Name: 'Chen & Co',
        email: 'maya.chen@tutoring.example.org',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://forms.example.org/weekly-session');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      embed: '1',
      tutorID: 'TUT-1042',
      firstName: 'Maya',
      lastName: 'Chen & Co',
      email: 'maya.chen@tutoring.example.org',
    });
  });
});
