import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './serviceWorker';

function stubServiceWorker() {
  const update = vi.fn(() => Promise.resolve());
  const register = vi.fn(() => Promise.resolve({ update }));
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
  const idleCallbacks: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  const runIdle = () => {
    for (const run of idleCallbacks.splice(0)) run();
  };
  return { register, update, runIdle };
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
});

describe('registerServiceWorker', () => {
  it('waits for the load event, then for the browser to be idle', async () => {
    const { register, runIdle } = stubServiceWorker();
    setReadyState('interactive');
    registerServiceWorker();
    runIdle();
    expect(register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('after the load, registers when idle, and checks for a new build on return after an hour', async () => {
    const { register, update, runIdle } = stubServiceWorker();
    setReadyState('complete');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      registerServiceWorker();
      runIdle();
      expect(register).toHaveBeenCalledOnce();
      await Promise.resolve();

      document.dispatchEvent(new Event('visibilitychange'));
      expect(update).not.toHaveBeenCalled();
      vi.setSystemTime(Date.now() + 61 * 60 * 1000);
      document.dispatchEvent(new Event('visibilitychange'));
      expect(update).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
