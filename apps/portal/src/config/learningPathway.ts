import { urlFromEnv } from './readEnv';

declare global {
  interface ImportMetaEnv {
    readonly VITE_SPRING_POST_ASSESSMENT_URL?: string;
  }
}

export interface LearningPathwayLinks {
  /**
   * The Spring Post-Assessment form, given to a student without a pathway (§2). The page adds the
   * student's id, name and grade as query values (§5), as the server does for pathway links.
   */
  readonly springPostAssessment: string;
}

export const learningPathwayLinks: LearningPathwayLinks = {
  springPostAssessment: urlFromEnv(
    'VITE_SPRING_POST_ASSESSMENT_URL',
    import.meta.env.VITE_SPRING_POST_ASSESSMENT_URL,
    'https://forms.example.org/post-assessment/spring',
  ),
};
