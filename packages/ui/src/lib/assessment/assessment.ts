/** Assessment_result of a learning pathway (spec §3): Passed, Failed or empty. */
export type AssessmentResult = 'Passed' | 'Failed' | '';

/** The pathway fields the Next Unit Pre-Assessment rule reads. */
export interface NextPreAssessmentInput {
  Assessment_result: AssessmentResult;
  Post_Assessment: string | null;
  Next_Pre_Assessment_URL: string | null;
}

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

/**
 * Whether the Next Unit Pre-Assessment shows (spec §4): when a result exists and a
 * Next_Pre_Assessment_URL exists, and also when there is no result, no post-assessment and a
 * Next_Pre_Assessment_URL exists.
 */
export function showsNextPreAssessment({
  Assessment_result,
  Post_Assessment,
  Next_Pre_Assessment_URL,
}: NextPreAssessmentInput): boolean {
  if (!present(Next_Pre_Assessment_URL)) return false;
  if (Assessment_result !== '') return true;
  return !present(Post_Assessment);
}
