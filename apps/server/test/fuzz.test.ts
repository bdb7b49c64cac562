// Every operation of openapi.yaml, called with generated input (fast-check): bodies shaped by the
// operation's schema (mostly well-formed, with anything at all in some fields), bodies of any JSON
// or none, and query strings of any text, as a signed-in tutor, an applicant, with integration
// keys and with none.
// Whatever arrives, the answer is never a 5xx, and every 4xx is the contract's JSON error body.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { contract } from './support/calls.ts';
import { customTokenIdToken, googleIdToken } from './support/emulator.ts';

/** Generated calls per operation: enough to reach each handler's checks, quick on two cores. */
const RUNS_PER_OPERATION = 100;

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
const document = parseYaml(readFileSync(testConfig().openapiPath, 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown }>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? resolve(document.components.schemas[name]) : schema;
}

function requestSchema(operationId: string): Schema | undefined {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (operation?.operationId !== operationId) continue;
      const body = operation.requestBody as
        | { content?: Record<string, { schema?: Schema }> }
        | undefined;
      return body?.content?.['application/json']?.schema;
    }
  }
  return undefined;
}

/** Anything at all, and the values that tend to find the edges of a handler. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '../../etc/passwd',
    "'; drop table students; --",
    '<script>alert(1)</script>',
    '\u0000',
    '9'.repeat(400),
    -1,
    0,
    2 ** 53,
    1e308,
    true,
    null,
    [],
    {},
  ),
);

/**
 * A value of the schema's shape, mostly well-formed (so that calls reach the handler's own checks
 * and queries) and sometimes anything at all in a field's place.
 */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (!resolved || depth > 4) return anyValue;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  let shaped: fc.Arbitrary<unknown>;
  if (resolved.enum) shaped = fc.constantFrom(...resolved.enum);
  else if (types.includes('object') || resolved.properties) {
    const properties = resolved.properties ?? {};
    shaped = fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth + 1)]),
      ),
      { requiredKeys: (resolved.required ?? []).filter((name) => name in properties) },
    );
  } else if (types.includes('array')) {
    shaped = fc.array(valueFor(resolved.items, depth + 1), { maxLength: 3 });
  } else if (types.includes('integer') || types.includes('number')) {
    shaped = fc.integer({
      min: (resolved.minimum ?? -10) - 1,
      max: Math.min((resolved.maximum ?? 10_000) + 1, 2 ** 31),
    });
  } else if (types.includes('boolean')) shaped = fc.boolean();
  else if (resolved.format === 'email') shaped = fc.emailAddress();
  else if (resolved.format === 'date-time') {
    shaped = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  } else if (resolved.format === 'date') {
    shaped = fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  } else if (resolved.format === 'uri') shaped = fc.webUrl();
  else shaped = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }));
  if (types.includes('null')) shaped = fc.oneof(shaped, fc.constant(null));
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });
}

let server: TestApp;
const credentials: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = await startTestApp({
    config: { textResendIntervalMs: 0 },
    fixtures: (db) => seedDemoData(db, { now: new Date() }),
  });
  const now = new Date();
  credentials.tutor = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
  credentials.applicant = await customTokenIdToken('applicant-sam', {
    applicant_email: DEMO_APPLICANT_EMAILS.sam,
  });
  credentials.write = (
    await createIntegrationKey(server.db, { name: 'fuzz-write', scope: 'write', now })
  ).key;
  credentials.read = (
    await createIntegrationKey(server.db, { name: 'fuzz-read', scope: 'read', now })
  ).key;
  credentials.garbage = 'tpk_not-a-real-key';
  credentials.none = undefined;
});
afterAll(() => server?.close());

describe('generated input on every operation', () => {
  const operations = [...contract.operations.values()];

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s never answers 5xx',
    async (_operationId, operation) => {
      const bodySchema = requestSchema(operation.operationId);
      const path = `${contract.basePath}${operation.path}`;
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            // Mostly a caller some operation accepts, so that the calls get past the session check.
            who: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom('tutor', 'applicant', 'write') },
              { weight: 1, arbitrary: fc.constantFrom('read', 'garbage', 'none') },
            ),
            body: fc.oneof(
              { weight: 6, arbitrary: valueFor(bodySchema) },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
              { weight: 1, arbitrary: fc.constant(undefined) },
              {
                weight: 1,
                arbitrary: fc.string({ maxLength: 50 }).map((text) => ({ raw: text })),
              },
            ),
            query: fc.oneof(
              fc.constant(''),
              fc
                .dictionary(
                  fc.constantFrom('limit', 'cursor', 'updatedSince', 'x'),
                  fc.string({ maxLength: 40 }),
                  { maxKeys: 3 },
                )
                .map((params) => `?${new URLSearchParams(params)}`),
            ),
          }),
          async ({ who, body, query }) => {
            const token = credentials[who];
            const raw =
              body && typeof body === 'object' && 'raw' in body && Object.keys(body).length === 1
                ? String((body as { raw: string }).raw)
                : undefined;
            const response = await server.app.inject({
              method: operation.method,
              url: `${path}${query}`,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(body === undefined || operation.method === 'GET'
                  ? {}
                  : { 'content-type': 'application/json' }),
              },
              ...(body === undefined || operation.method === 'GET'
                ? {}
                : { payload: raw ?? JSON.stringify(body) }),
            });
            expect(response.statusCode, `${operation.operationId}: ${response.body}`).toBeLessThan(
              500,
            );
            if (response.statusCode >= 400) {
              expect(contract.validateErrorResponse(response.json()), response.body).toBe(true);
            }
          },
        ),
        { numRuns: RUNS_PER_OPERATION, seed: 20261126 },
      );
    },
    60_000,
  );
});
