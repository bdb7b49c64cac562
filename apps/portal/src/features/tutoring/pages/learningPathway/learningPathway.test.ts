import { describe, expect, it } from 'vitest';
import {
  assessmentLinkFor,
  isFirstSessionsPathway,
  learningHubTitle,
  pickCheckInPrompt,
} from './learningPathway';

const activities = {
  'Check In': { description: 'Ask about the best part of their week.' },
  'Mental Math': { description: 'Two quick mental-math problems.' },
  'Show and Tell': { description: 'Let them show something they made.' },
};

describe('pickCheckInPrompt (§5)', () => {
  it('picks one of the intro activities by the random number', () => {
    expect(pickCheckInPrompt(activities, () => 0)).toBe('Ask about the best part of their week.');
    expect(pickCheckInPrompt(activities, () => 0.5)).toBe('Two quick mental-math problems.');
    expect(pickCheckInPrompt(activities, () => 0.999999)).toBe(
      'Let them show something they made.',
    );
  });

  it('reaches every activity over many random picks', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) seen.add(pickCheckInPrompt(activities));
    expect(seen).toEqual(new Set(Object.values(activities).map((a) => a.description)));
  });

  it("falls back to 'Please ask your student about their day.' without activities", () => {
    expect(pickCheckInPrompt({})).toBe('Please ask your student about their day.');
  });

  it('skips activities without a description, falling back when none is left', () => {
    expect(pickCheckInPrompt({ 'Check In': { description: '  ' } })).toBe(
      'Please ask your student about their day.',
    );
    expect(
      pickCheckInPrompt(
        { Blank: { description: '' }, 'Check In': { description: ' Ask about school. ' } },
        () => 0,
      ),
    ).toBe('Ask about school.');
  });
});

describe('isFirstSessionsPathway (§2)', () => {
  it("is true only for a name ending with 'First Sessions'", () => {
    expect(isFirstSessionsPathway('Grade 3 Reading First Sessions')).toBe(true);
    expect(isFirstSessionsPathway('Grade 3 Reading First Sessions ')).toBe(true);
    expect(isFirstSessionsPathway('First Sessions: Grade 3 Reading')).toBe(false);
    expect(isFirstSessionsPathway('Grade 4 Math: Fractions')).toBe(false);
    expect(isFirstSessionsPathway('Grade 4 first sessions')).toBe(false);
  });
});

describe('assessmentLinkFor (§5)', () => {
  it("adds the student's id, name and grade as query values", () => {
    const link = new URL(
      assessmentLinkFor('https://forms.example.org/post-assessment/spring?form=7', {
        Student_ID: 'STU-20752',
        First_Name: 'Liam José',
        grade: '5th',
      }),
    );
    expect(link.origin + link.pathname).toBe('https://forms.example.org/post-assessment/spring');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      form: '7',
      id: 'STU-20752',
      name: 'Liam José',
      grade: '5th',
    });
  });
});

describe('learningHubTitle (§2)', () => {
  it("is '{student}'s Learning Hub'", () => {
    expect(learningHubTitle('Sofia')).toBe("Sofia's Learning Hub");
  });
});
