/**
 * The e2e stack's notification timings (issue 35): a waiting reply notifies after 8 s instead of
 * 10 min, at most one notification per tutor per 2 min instead of 30, jobs run every second. Short
 * enough to see on the running stack; playwright.config.ts gives them to the server.
 */
export const notificationTimings = {
  replyDelayMs: 8_000,
  batchWindowMs: 120_000,
  schedulerIntervalMs: 1_000,
};
