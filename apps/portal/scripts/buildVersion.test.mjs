// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildVersion } from './buildVersion.ts';

describe("the build's version (the kept answers' buster)", () => {
  it('is PORTAL_BUILD_VERSION when the release sets it', () => {
    expect(buildVersion({ PORTAL_BUILD_VERSION: '2026.11.27-4fc8d73' })).toBe('2026.11.27-4fc8d73');
  });

  it("is otherwise the commit being built (this checkout's)", () => {
    expect(buildVersion({})).toMatch(/^[0-9a-f]{40}$/);
  });
});
