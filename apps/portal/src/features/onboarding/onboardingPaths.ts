import { paths } from '../../lib/paths';

const base = paths.onboarding;

/** The pages of the onboarding area (§2), all under /onboarding. */
export const onboardingPaths = {
  dashboard: base,
  waiver: `${base}/waiver`,
  training: `${base}/training`,
  asyncTraining: `${base}/async-training`,
  knowledgeCheck: `${base}/training/knowledge-check`,
  liveTrainingKnowledgeCheck: `${base}/live-training/knowledge-check`,
  knowledgeCheckComplete: `${base}/knowledge-check-complete`,
  backgroundCheck: `${base}/background-check`,
  availability: `${base}/availability`,
  chat: `${base}/chat`,
  chatSchedule: `${base}/chat/schedule`,
  workbook: `${base}/workbook`,
  support: `${base}/support`,
} as const;

/** The page of a task route relative to /onboarding (e.g. 'waiver'). */
export function onboardingTaskPath(relativeRoute: string): string {
  return `${base}/${relativeRoute}`;
}
