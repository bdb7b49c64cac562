/**
 * The widths stories are tested and reviewed at: every story at 1280 and 390 px, screen stories
 * also at 768 px (the sidebar's breakpoint), and their layout guarded at 320 px (issue 13).
 * Shared by the Storybook toolbar and Chromatic's modes (preview.tsx; the screens' modes come
 * from apps/portal/src/testing/storybook/screenParameters.ts, by these names) and the test runner.
 */
export const testViewports = {
  desktop: { name: 'Desktop 1280', width: 1280, height: 800, type: 'desktop' },
  tablet: { name: 'Tablet 768', width: 768, height: 844, type: 'tablet' },
  mobile: { name: 'Mobile 390', width: 390, height: 844, type: 'mobile' },
} as const;

export type TestViewportName = keyof typeof testViewports;

/**
 * The tallest screenshot the story tests take, in CSS px (FormEmbed's 6,200 px frame and a margin):
 * a taller story fails its screenshot instead of being cut off.
 */
export const maxScreenshotHeight = 8000;
