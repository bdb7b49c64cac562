// /logout's one classic script, in its <head> (scripts/prerender.mjs puts it there), so it runs
// before the page paints: the page is prerendered saying "You have been logged out.", which is
// true for nearly every visit but not yet for one with a session's keys stored, until the app has
// signed out. With a key stored, this marks the document, and the page's CSS keeps that
// confirmation hidden until the app takes over (LogoutPage.css.ts, LogoutPage.tsx).
//
// Plain statements, no import: a Vite entry with an import would be an ES module, and a module
// script runs only after the page has painted. The keys are §3's (src/auth/sessionStorageKeys.ts;
// logoutSessionCheck.test.ts holds the two lists together), the attribute is signingOutAttribute's.
try {
  if (['idToken', 'magicIdToken', 'magicUserId'].some((key) => localStorage.getItem(key))) {
    document.documentElement.setAttribute('data-signing-out', '');
  }
} catch {
  // Storage the browser refuses to open holds no session: the confirmation is true.
}

// A module to TypeScript (its test imports it); the build emits no export for an entry without any.
export {};
