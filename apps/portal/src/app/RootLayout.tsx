import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import type { NavigateOptions } from 'react-router';
import { Outlet, useHref, useLocation, useNavigate } from 'react-router';
import { useSupportChatWidget } from './supportChatWidget';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

const absoluteUrl = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * react-aria-components asks the router for every link's href; React Router would turn an
 * absolute URL into a path under the app ('/https:/...'), so those are passed through as they are.
 */
function useLinkHref(href: string): string {
  const routerHref = useHref(href);
  return absoluteUrl.test(href) ? href : routerHref;
}

/**
 * The shell of every route: lets react-aria-components links (the ui Link) navigate inside the
 * app without a page load, and keeps the support chat on the tutoring routes only (§1).
 */
export function RootLayout() {
  const navigate = useNavigate();
  useSupportChatWidget(useLocation().pathname);
  return (
    <AriaRouterProvider
      navigate={(path, options) => {
        void navigate(path, options);
      }}
      useHref={useLinkHref}
    >
      <Outlet />
    </AriaRouterProvider>
  );
}
