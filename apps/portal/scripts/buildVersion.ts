// The build's version, which the portal's saved answers carry (issue 39): PORTAL_BUILD_VERSION
// when the release process sets it (the Dockerfile's build argument: a container build has no
// .git), else the commit being built, else the time of the build. Two builds of one commit are one
// release; without either, every build is a new one (its users' kept answers are dropped once),
// never the same version for ever, which would show one release's answers to the next.
import { execFileSync } from 'node:child_process';

export function buildVersion(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PORTAL_BUILD_VERSION) return env.PORTAL_BUILD_VERSION;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return `built-${new Date().toISOString()}`;
  }
}
