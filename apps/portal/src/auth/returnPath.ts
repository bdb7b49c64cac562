// Where a guard sends the visitor back to after sign-in: the path plus query they asked for (§2,
// "remembering path plus query"), carried in the router's location state under 'from'.

export interface ReturnPath {
  readonly pathname: string;
  readonly search: string;
}

export interface ReturnPathState {
  readonly from: ReturnPath;
}

export function returnPathState(location: ReturnPath): ReturnPathState {
  return { from: { pathname: location.pathname, search: location.search } };
}

/**
 * Reads 'from' out of location state, which history can hold anything in: only a same-origin path
 * is accepted, so a crafted state cannot send the visitor to another site.
 */
export function readReturnPath(state: unknown): ReturnPath | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state as { from: unknown };
  if (typeof from !== 'object' || from === null) return undefined;
  const { pathname, search } = from as { pathname?: unknown; search?: unknown };
  // '//host' and '/\\host' are read by browsers as another origin.
  if (typeof pathname !== 'string' || !/^\/(?![/\\])/.test(pathname)) {
    return undefined;
  }
  if (search !== undefined && (typeof search !== 'string' || (search && !search.startsWith('?')))) {
    return undefined;
  }
  return { pathname, search: search ?? '' };
}

/** Text of a ReturnPath: the path plus query, e.g. '/onboarding/waiver?step=2'. */
export function returnPathText(path: ReturnPath): string {
  return `${path.pathname}${path.search}`;
}

/**
 * A link or query value (§2 returnUrl, the instant sign-in link) as a path of this site: a path or
 * an absolute URL of `origin` gives its path, query and hash; anything that would leave the site
 * (another origin, '//host', '/\\host', 'javascript:') gives undefined, so it is no open redirect.
 */
export function sameOriginPath(
  value: string | null | undefined,
  origin: string,
): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
