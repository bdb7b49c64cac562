// The step-up token a magic link brings to /auth (§2, §4). Tiny and dependency-free: the entry reads
// it to decide whether /auth needs the app (with Firebase) or can stay a standalone page.

/**
 * The step-up token of a magic link: `stepupToken` in the server's e-mailed link, `token` in the
 * older /signin.html links, which arrive here as /auth/?token=... (§2).
 */
export function stepUpTokenOf(query: URLSearchParams): string | null {
  return query.get('stepupToken') ?? query.get('token');
}

/** The query without the link's token: a used token leaves the address; email and returnUrl stay. */
export function withoutStepUpToken(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete('stepupToken');
  next.delete('token');
  return next;
}
