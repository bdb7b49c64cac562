/**
 * The two widths every story is tested at (issue 3/4: axe and a visual baseline at 1280 px and
 * 390 px). Shared by the Storybook toolbar (preview.tsx) and the test runner (test-runner.ts),
 * which also tests screen stories at 768 px and guards their layout at 320 px (issue 13).
 */
export const testViewports = {
  desktop: { name: 'Desktop 1280', width: 1280, height: 800, type: 'desktop' },
  mobile: { name: 'Mobile 390', width: 390, height: 844, type: 'mobile' },
} as const;

export type TestViewportName = keyof typeof testViewports;
