// Vitest setup (test support only). msw 3 calls Promise.withResolvers, which Node adds in 22; the
// project supports Node 20.19+, so the tests provide it there (as packages/api/test/ does).
// Browsers and Node 22 have it natively.
if (!('withResolvers' in Promise)) {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
