// Build-time settings arrive as strings (or not at all); these helpers turn them into typed values
// and fail loudly on a malformed override rather than shipping a broken link.

export function textFromEnv(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export function urlFromEnv(name: string, value: string | undefined, fallback: string): string {
  const chosen = textFromEnv(value, fallback);
  let parsed: URL;
  try {
    parsed = new URL(chosen);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got '${chosen}'.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`${name} must be an absolute http(s) URL, got '${chosen}'.`);
  }
  return chosen;
}

export function optionalUrlFromEnv(name: string, value: string | undefined): string | undefined {
  return value?.trim() ? urlFromEnv(name, value, value) : undefined;
}
