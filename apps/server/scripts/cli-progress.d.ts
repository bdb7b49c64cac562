// The part of cli-progress (which ships no types) that scripts/import.ts uses. @types/cli-progress
// is not used: it pulls in the newest @types/node, which this repository pins.
declare module 'cli-progress' {
  export class SingleBar {
    constructor(options: { format?: string; clearOnComplete?: boolean; hideCursor?: boolean });
    start(total: number, startValue: number): void;
    update(value: number): void;
    stop(): void;
  }
}
