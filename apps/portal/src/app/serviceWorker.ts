// Registers the service worker (/sw.js, written by scripts/service-worker.mjs; README: "The
// installable app and its service worker") from the router app, so no prerendered public page downloads or runs this,
// and only once the page has loaded and the browser is idle: the first visit's own downloads
// come first, then the precache fills in the background.
import { whenIdle } from '../lib/whenIdle';

const SERVICE_WORKER_URL = '/sw.js';
/** An app left open (a phone's installed app is resumed, not reloaded) asks for a new build this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function whenLoadedAndIdle(callback: () => void): void {
  const idle = () => whenIdle(callback, { timeoutMs: 5000, fallbackMs: 1000 });
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Checks for a new build when the app comes back to the screen, at most once an interval. */
function checkForUpdatesWhenShown(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    // Offline, or the server is away: the next check tries again.
    registration.update().catch(() => undefined);
  });
}

/** Registers the service worker after the load event, when idle (again is harmless: the same one). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  whenLoadedAndIdle(() => {
    navigator.serviceWorker
      // The browser never takes sw.js from its HTTP cache: a new build is seen at once.
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then(checkForUpdatesWhenShown)
      // Without one (a private window, storage refused) the app works as before, from the network.
      .catch(() => undefined);
  });
}
