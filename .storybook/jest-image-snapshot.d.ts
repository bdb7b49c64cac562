// The part of jest-image-snapshot's API that test-runner.ts uses (the package ships no types).
declare module 'jest-image-snapshot' {
  export interface MatchImageSnapshotOptions {
    customSnapshotsDir?: string;
    customSnapshotIdentifier?: string;
    customDiffDir?: string;
    customDiffConfig?: { threshold?: number; includeAA?: boolean };
    failureThreshold?: number;
    failureThresholdType?: 'pixel' | 'percent';
    updatePassedSnapshot?: boolean;
    runInProcess?: boolean;
  }
  export const toMatchImageSnapshot: (...args: unknown[]) => unknown;
}
