import {
  learningPathwayAna,
  learningPathwayLiam,
  learningPathwayMaria,
  learningPathwayZara,
} from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { describe, expect, it } from 'vitest';
import { toPathwayAssessment, toPathwayLesson, toPathwayLessons } from './pathwayViewModel';

type LearningPathway = components['schemas']['LearningPathway'];

describe('toPathwayLesson', () => {
  it('maps id, Lesson_Id (number), Lesson_Name (lessonName), URL (url) and Topic (topic)', () => {
    expect(
      toPathwayLesson({
        id: 'les-401',
        Lesson_Id: 1,
        Lesson_Name: 'Equivalent fractions with models',
        URL: 'https://learn.example.org/lessons/les-401',
        Topic: 'Fractions',
      }),
    ).toEqual({
      id: 'les-401',
      number: 1,
      lessonName: 'Equivalent fractions with models',
      url: 'https://learn.example.org/lessons/les-401',
      topic: 'Fractions',
    });
  });

  it('keeps number 0 and an untrimmed topic as they are (the list trims topics to group them)', () => {
    const lesson = toPathwayLesson({
      id: 'l0',
      Lesson_Id: 0,
      Lesson_Name: '',
      URL: '',
      Topic: ' Fractions ',
    });
    expect(lesson).toEqual({ id: 'l0', number: 0, lessonName: '', url: '', topic: ' Fractions ' });
  });
});

describe('toPathwayLessons', () => {
  it("keeps the server's order (the list sorts by number) and every lesson", () => {
    expect(toPathwayLessons(learningPathwayMaria.Lessons).map((lesson) => lesson.id)).toEqual(
      learningPathwayMaria.Lessons.map((lesson) => lesson.id),
    );
    expect(toPathwayLessons([])).toEqual([]);
  });
});

describe('toPathwayAssessment', () => {
  it('maps the result, the post-assessment, the next pre-assessment and additional lessons', () => {
    expect(toPathwayAssessment(learningPathwayAna)).toEqual({
      result: '',
      postAssessmentName: 'Fractions post-assessment',
      postAssessmentUrl: 'https://forms.example.org/post-assessment/fractions',
      nextPreAssessmentUrl: 'https://forms.example.org/pre-assessment/unit-2',
      additionalLessons: [
        {
          id: 'les-490',
          number: 7,
          lessonName: 'Fraction review games',
          url: 'https://learn.example.org/lessons/les-490',
          topic: 'Fractions',
        },
      ],
    });
  });

  it('keeps Failed and a null next pre-assessment link (the card then hides it)', () => {
    expect(toPathwayAssessment(learningPathwayLiam)).toMatchObject({
      result: 'Failed',
      nextPreAssessmentUrl: null,
    });
  });

  it('keeps a missing post-assessment null and no additional lessons an empty list', () => {
    expect(toPathwayAssessment(learningPathwayZara)).toEqual({
      result: '',
      postAssessmentName: null,
      postAssessmentUrl: null,
      nextPreAssessmentUrl: 'https://forms.example.org/pre-assessment/grade-5-reading-unit-2',
      additionalLessons: [],
    });
  });

  it("keeps the additional lessons in the server's order (the card sorts them by number)", () => {
    const pathway: LearningPathway = {
      ...learningPathwayMaria,
      Additional_lessons: [...learningPathwayMaria.Additional_lessons].reverse(),
    };
    expect(toPathwayAssessment(pathway).additionalLessons.map((lesson) => lesson.number)).toEqual([
      13, 12, 11,
    ]);
  });

  it('speaks the product words only: no wire name (inner underscore) survives', () => {
    const assessment = toPathwayAssessment(learningPathwayMaria);
    const keys = [
      ...Object.keys(assessment),
      ...assessment.additionalLessons.flatMap((lesson) => Object.keys(lesson)),
    ];
    for (const key of keys) expect(key).not.toMatch(/[A-Za-z0-9]_/);
  });
});
