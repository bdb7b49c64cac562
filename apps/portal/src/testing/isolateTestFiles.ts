// Runs before every test file (vitest `setupFiles`). The suite shares one happy-dom per worker
// (`isolate: false`, for speed), so what one file leaves behind would be seen by the next: every
// test's rendered trees are unmounted after it, and each file ends with an empty page and empty
// storage. Without this, a file that forgot its cleanup made a later file find two headings.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

afterAll(() => {
  cleanup();
  if (typeof document === 'undefined') return;
  document.body.innerHTML = '';
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
