// Test support only (never imported by the product; loaded with import() by testServices.tsx, so
// a test that calls no callable does not load Firebase). The product's callables, through
// Firebase's Functions SDK, as the portal makes them: their requests go to the global fetch,
// which the test services point at the mock backend, and their errors are the SDK's own
// FirebaseErrors ('functions/<code>', message with ' [<status>]').
import { type Callables, createCallables } from '@tutoring/api/callables';
import { initializeApp } from 'firebase/app';
import { type Functions, getFunctions } from 'firebase/functions';

let functions: Functions | undefined;
const callablesByBaseUrl = new Map<string, Callables>();

/** One Firebase app for the test file; its Functions client only ever reaches the global fetch. */
export function callablesUnder(baseUrl: string): Callables {
  functions ??= getFunctions(
    initializeApp(
      { projectId: 'demo-portal-tests', apiKey: 'test-api-key', appId: 'test-app' },
      'portal-tests',
    ),
    'us-central1',
  );
  let callables = callablesByBaseUrl.get(baseUrl);
  if (!callables) {
    callables = createCallables({ functions, baseUrl });
    callablesByBaseUrl.set(baseUrl, callables);
  }
  return callables;
}
