/** The result of a learning pathway's post-assessment (spec §3): Passed, Failed or '' (not yet). */
export type AssessmentResult = 'Passed' | 'Failed' | '';

/** The assessment facts the Next Unit Pre-Assessment rule reads. */
export interface NextPreAssessmentInput {
  /** The post-assessment's result; '' while the student has not taken it. */
  result: AssessmentResult;
  /** Name of the unit's post-assessment; null when the unit has none. */
  postAssessmentName: string | null;
  /** Link of the next unit's pre-assessment; null when there is none. */
  nextPreAssessmentUrl: string | null;
}

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

/**
 * Whether the Next Unit Pre-Assessment shows (spec §4): when a result exists and a next
 * pre-assessment link exists, and also when there is no result, no post-assessment and a next
 * pre-assessment link exists.
 */
export function showsNextPreAssessment({
  result,
  postAssessmentName,
  nextPreAssessmentUrl,
}: NextPreAssessmentInput): boolean {
  if (!present(nextPreAssessmentUrl)) return false;
  if (result !== '') return true;
  return !present(postAssessmentName);
}
