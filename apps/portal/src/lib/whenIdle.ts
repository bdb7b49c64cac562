/**
 * Runs `callback` when the browser's main thread is next idle (at the latest after `timeoutMs`);
 * a browser without requestIdleCallback (Safari) runs it after `fallbackMs`. For work that must
 * not compete with what the visitor is waiting for.
 */
export function whenIdle(
  callback: () => void,
  { timeoutMs, fallbackMs }: { readonly timeoutMs: number; readonly fallbackMs: number },
): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
  } else {
    window.setTimeout(callback, fallbackMs);
  }
}
