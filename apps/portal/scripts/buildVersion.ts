// The build's version, which the portal's saved answers carry (issue 39): PORTAL_BUILD_VERSION
// when the release process sets it (a container build has no .git), else the commit being built,
// else the package's version. Two builds of one commit are one release.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function buildVersion(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PORTAL_BUILD_VERSION) return env.PORTAL_BUILD_VERSION;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    return manifest.version;
  }
}
