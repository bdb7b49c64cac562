import type { components } from '@tutoring/api/schema';
import type { PathwayAssessment } from '@tutoring/ui/components/AssessmentCard/AssessmentCard';
import type { LessonListLesson } from '@tutoring/ui/components/LessonList/LessonList';

type LearningPathway = components['schemas']['LearningPathway'];
type Lesson = components['schemas']['Lesson'];

/**
 * A lesson of a learning pathway as the lesson list and the assessment card's additional lessons
 * show it: the api's `Lesson_Id`, `Lesson_Name`, `URL` and `Topic` become the ui's words.
 */
export function toPathwayLesson(lesson: Lesson): LessonListLesson {
  return {
    id: lesson.id,
    number: lesson.Lesson_Id,
    lessonName: lesson.Lesson_Name,
    url: lesson.URL,
    topic: lesson.Topic,
  };
}

/** A pathway's lessons, in the server's order (the list sorts them by number). */
export function toPathwayLessons(lessons: readonly Lesson[]): LessonListLesson[] {
  return lessons.map(toPathwayLesson);
}

/**
 * The assessment part of a learning pathway as the assessment card shows it: result,
 * post-assessment, next unit's pre-assessment and the additional lessons.
 */
export function toPathwayAssessment(pathway: LearningPathway): PathwayAssessment {
  return {
    result: pathway.Assessment_result,
    postAssessmentName: pathway.Post_Assessment,
    postAssessmentUrl: pathway.Post_Assessment_URL,
    nextPreAssessmentUrl: pathway.Next_Pre_Assessment_URL,
    additionalLessons: toPathwayLessons(pathway.Additional_lessons),
  };
}
