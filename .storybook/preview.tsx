import type { Preview } from '@storybook/react-vite';
import '../packages/ui/src/theme/theme.css';
import '../packages/ui/src/theme/global.css';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { routes } from '../apps/portal/src/app/router';
import {
  createMockApiLoader,
  createScreenDecorator,
} from '../apps/portal/src/testing/storybook/screenHarness';
import { loadHtmlSanitizer } from '../packages/ui/src/components/SafeHtml/SafeHtml';
import { cleanUpAnnouncements } from '../packages/ui/src/lib/storyCleanup/liveAnnouncer';
import { testViewports } from './viewports.ts';

// Screens load their route modules and data before anything can be found; on a busy two-core CI
// machine that can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  // Starts the MSW worker (public/mockServiceWorker.js) once, answers the contract from a fresh
  // mock db for screens and `parameters.mockApi`, and applies `parameters.msw`.
  // And DOMPurify, which a page downloads the first time it has server HTML to show (SafeHtml): a
  // story renders as the page does once it is here.
  loaders: [createMockApiLoader(mswLoader()), () => loadHtmlSanitizer().then(() => ({}))],
  // A story with `parameters.screen` renders the portal's route table at its path.
  decorators: [createScreenDecorator(routes)],
  // react-aria's live-region nodes outlive a story by up to 7 s; one left pointing at an unmounted
  // button would fail the next story's axe check, whichever story that is.
  beforeEach: cleanUpAnnouncements,
  parameters: {
    layout: 'padded',
    // Hosted review on Chromatic: components at the two widths the test runner checks; screens
    // add the tablet width through their own parameters (screenParameters).
    chromatic: {
      modes: { desktop: { viewport: 'desktop' }, mobile: { viewport: 'mobile' } },
    },
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Components',
          'Screens',
          ['Public', 'Onboarding', 'Tutoring'],
        ],
      },
    },
    controls: {
      matchers: { color: /(background|color)$/i, date: /Date$/i },
    },
    a11y: {
      // Any axe violation fails the story in the test runner.
      test: 'error',
      config: {
        // WCAG 2.2 2.5.8 Target Size (Minimum) is off by default in axe-core.
        rules: [{ id: 'target-size', enabled: true }],
      },
    },
    viewport: {
      options: Object.fromEntries(
        Object.entries(testViewports).map(([key, viewport]) => [
          key,
          {
            name: viewport.name,
            styles: { width: `${viewport.width}px`, height: `${viewport.height}px` },
            type: viewport.type,
          },
        ]),
      ),
    },
  },
};

export default preview;
