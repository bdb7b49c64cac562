import { globSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * Baselines of deleted or renamed stories. Vitest reports obsolete text snapshots, not
 * screenshots, so this reporter does: after a complete green run (every story file, no test
 * filtered out, every width), a PNG in the baselines folder that no screenshot of the run
 * resolved to (`used`, filled by resolveScreenshotPath) is reported, and deleted when the run
 * updates baselines (-u). Only such a run knows the complete set.
 */
export function obsoleteBaselines(options: {
  baselinesDir: string;
  used: ReadonlySet<string>;
  /** The story files, as globs from the repository root (main.ts's `stories`). */
  storyGlobs: string[];
  root: string;
}): Reporter {
  let vitest: Vitest | null = null;
  return {
    onInit(ctx) {
      vitest = ctx;
    },
    onTestRunEnd(modules, errors, reason) {
      const storyFiles = options.storyGlobs.flatMap((glob) =>
        globSync(glob, { cwd: options.root }),
      );
      const complete =
        reason === 'passed' &&
        errors.length === 0 &&
        !process.env.STORYBOOK_TEST_WIDTHS &&
        modules.length === storyFiles.length &&
        modules.every((module) =>
          Array.from(module.children.allTests()).every((test) => test.result().state === 'passed'),
        );
      if (!complete) return;
      const update = vitest?.config.snapshotOptions.updateSnapshot === 'all';
      const obsolete = readdirSync(options.baselinesDir).filter(
        (file) => file.endsWith('.png') && !options.used.has(file),
      );
      for (const file of obsolete) {
        if (update) {
          rmSync(join(options.baselinesDir, file));
          console.log(`deleted obsolete baseline ${file}`);
        } else {
          console.warn(`obsolete baseline ${file} (pnpm test-storybook -u deletes it)`);
        }
      }
    },
  };
}
