import { ErrorPage, errorPageContent } from '@tutoring/ui/components/ErrorPage/ErrorPage';
import { externalLinks } from '../config/externalLinks';
import { paths } from '../lib/paths';

/**
 * Shown when a route fails to render or its code cannot be downloaded (e.g. after a deploy while
 * the page was open): the 500 page of §8 with its Popular pages. Its links load the page afresh,
 * which is what recovers from a stale deploy.
 */
export function RouteErrorPage() {
  return (
    <main>
      <title>{errorPageContent[500].title}</title>
      <ErrorPage
        code={500}
        mainWebsiteHref={externalLinks.mainWebsite}
        onboardingHref={paths.onboarding}
        tutoringHref={paths.tutoring}
      />
    </main>
  );
}
