import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import type { NavigateOptions } from 'react-router';
import { Outlet, useHref, useNavigate } from 'react-router';

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

/** Lets react-aria-components links (the ui Link) navigate inside the app without a page load. */
export function RootLayout() {
  const navigate = useNavigate();
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
