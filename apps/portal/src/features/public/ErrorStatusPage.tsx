import {
  ErrorPage,
  type ErrorPageCode,
  errorPageContent,
} from '@tutoring/ui/components/ErrorPage/ErrorPage';
import { externalLinks } from '../../config/externalLinks';
import { paths } from '../../lib/paths';

/** /error400, /error500 and any path without a route (§2, §8), with the Popular pages list. */
export function ErrorStatusPage({ code }: { code: ErrorPageCode }) {
  return (
    <main>
      <title>{errorPageContent[code].title}</title>
      <ErrorPage
        code={code}
        mainWebsiteHref={externalLinks.mainWebsite}
        onboardingHref={paths.onboarding}
        tutoringHref={paths.tutoring}
      />
    </main>
  );
}
