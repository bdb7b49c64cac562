// Every operation of openapi.yaml (every route the server answers under /api, as
// openapi-routes.test.ts checks: the provider webhooks and the development routes included), called
// with generated input (fast-check): bodies shaped by the operation's schema (mostly well-formed,
// with anything at all in some fields), bodies of any JSON or none, as JSON or form fields as the
// operation declares and sometimes of another type, and query strings of any text, as a signed-in
// tutor, an applicant, with integration keys and with none; the webhooks' bodies signed correctly
// (with the test server's secrets, so the calls reach past the signature check), badly, too long
// ago, or not at all.
// Whatever arrives, the answer is never a 5xx, every 4xx is the contract's JSON error body, and
// every other answer is one the operation declares, with the declared body.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { applicants, messages, students } from '../src/db/schema.ts';
import { responseFor } from '../src/http/contract.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { SIGNATURE_HEADER, signWebhook } from '../src/modules/webhooks/signature.ts';
import { twilioSignature } from '../src/providers/sms.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { contract } from './support/calls.ts';
import { customTokenIdToken, googleIdToken } from './support/emulator.ts';

/** Generated calls per operation: enough to reach each handler's checks, quick on two cores. */
const RUNS_PER_OPERATION = 100;

const WEBHOOK_SECRETS = { forms: 'fuzz-forms-secret', scheduling: 'fuzz-scheduling-secret' };
const TWILIO = {
  accountSid: 'ACfuzz',
  authToken: 'fuzz-twilio-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};
const FORM = 'application/x-www-form-urlencoded';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
};
type Content = Record<string, { schema?: Schema }>;
type DeclaredResponse = { $ref?: string; content?: Content };
const document = parseYaml(readFileSync(testConfig().openapiPath, 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        requestBody?: { content?: Content };
        responses?: Record<string, DeclaredResponse>;
        security?: Array<Record<string, unknown>>;
      }
    >
  >;
  components: { schemas: Record<string, Schema>; responses: Record<string, DeclaredResponse> };
};

function resolve(schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? resolve(document.components.schemas[name]) : schema;
}

function documentOperation(operationId: string) {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (operation?.operationId === operationId) return operation;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/** The request body's schemas by media type (JSON, form fields). */
function requestSchemas(operationId: string): Content {
  return documentOperation(operationId).requestBody?.content ?? {};
}

/** The media types a status's answer may have (none: no body), as the operation declares them. */
function declaredMediaTypes(operationId: string, status: number): string[] | undefined {
  const responses = documentOperation(operationId).responses ?? {};
  const declared =
    responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!declared) return undefined;
  const response = declared.$ref
    ? document.components.responses[declared.$ref.split('/').pop() ?? '']
    : declared;
  return Object.keys(response?.content ?? {});
}

/** How the operation's caller proves who it is, besides a bearer token. */
function signatureKind(operationId: string): 'webhook' | 'twilio' | undefined {
  const schemes = (documentOperation(operationId).security ?? []).flatMap(Object.keys);
  if (schemes.includes('webhookSignature')) return 'webhook';
  if (schemes.includes('twilioSignature')) return 'twilio';
  return undefined;
}

/**
 * Values the seeded database knows, by field name (an applicant's e-mail, a guardian's phone, a
 * stored text's id ...), so that generated bodies often name real records and reach the code
 * past "not found".
 */
const known: Record<string, unknown[]> = {};

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
function valueFor(schema: Schema | undefined, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (!resolved || depth > 4) return anyValue;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  let shaped: fc.Arbitrary<unknown>;
  if (resolved.oneOf) {
    shaped = fc.oneof(...resolved.oneOf.map((branch) => valueFor(branch, depth + 1, name)));
  } else if (resolved.const !== undefined) shaped = fc.constant(resolved.const);
  else if (resolved.enum) shaped = fc.constantFrom(...resolved.enum);
  else if (types.includes('object') || resolved.properties) {
    const properties = resolved.properties ?? {};
    shaped = fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([property, definition]) => [
          property,
          valueFor(definition, depth + 1, property),
        ]),
      ),
      { requiredKeys: (resolved.required ?? []).filter((property) => property in properties) },
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
  else if (resolved.pattern) shaped = matching(resolved.pattern);
  else shaped = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }));
  const knownValues = known[name];
  if (knownValues?.length) {
    shaped = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...knownValues) }, shaped);
  }
  if (types.includes('null')) shaped = fc.oneof(shaped, fc.constant(null));
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });
}

/**
 * Text that matches a string's pattern (the route schemas refuse the rest before the handler: a
 * Twilio text's NumMedia), or any text for a pattern fast-check cannot generate from (lookaheads).
 */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ minLength: 1, maxLength: 40 });
  }
}

/** A form body of the fields of a generated value (form fields are text). */
function formFields(value: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return params;
  for (const [name, field] of Object.entries(value)) {
    params.append(name, typeof field === 'string' ? field : JSON.stringify(field ?? null));
  }
  return params;
}

let server: TestApp;
const credentials: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = await startTestApp({
    config: { textResendIntervalMs: 0, webhookSecrets: WEBHOOK_SECRETS, twilio: TWILIO },
    dependencies: {
      // Twilio's API accepts every text; nothing else (a picture's URL) answers.
      fetch: (async (url: string | URL | Request) =>
        String(url).startsWith('https://api.twilio.com/')
          ? Response.json({ sid: `SMfuzz${Date.now()}`, status: 'queued' }, { status: 201 })
          : new Response('not here', { status: 404 })) as typeof fetch,
    },
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

  const families = await server.db
    .select({
      id: students.id,
      guardianPhone: students.guardianPhone,
      forwardingNumber: students.forwardingNumber,
    })
    .from(students);
  const onboarding = await server.db
    .select({ email: applicants.email, tutorCode: applicants.tutorCode })
    .from(applicants);
  const texts = await server.db.select({ id: messages.id }).from(messages).limit(20);
  known.studentId = families.map((family) => family.id);
  known.From = families.map((family) => family.guardianPhone).filter(Boolean);
  known.To = families.map((family) => family.forwardingNumber);
  known.email = onboarding.map((applicant) => applicant.email);
  known.tutorId = onboarding.map((applicant) => applicant.tutorCode);
  known.messageId = texts.map((text) => text.id);
  known.MessageSid = ['SMfuzz00000000000000000000000000001'];
  // A tutor's STOP to the notification number (the dev route), a carrier's error codes.
  known.from = known.From;
  known.errorCode = ['', '30003', '30007', '21610'];
});
afterAll(() => server?.close());

/** The query strings: none, any text in the usual names, or a status callback's reference. */
const queryArbitrary = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('limit', 'cursor', 'updatedSince', 'token', 'result', 'x'),
      fc.string({ maxLength: 40 }),
      { maxKeys: 3 },
    )
    .map((params) => `?${new URLSearchParams(params)}`),
  fc
    .record({
      messageId: fc.oneof(
        fc.constantFrom('00000000-0000-4000-8000-000000000000', 'nope'),
        fc.constant('known'),
      ),
      attempt: fc.constantFrom('0', '1', '-1', 'x', '99999999999999999999'),
    })
    .map(
      ({ messageId, attempt }) =>
        `?${new URLSearchParams({
          messageId:
            messageId === 'known' ? String(known.messageId?.[0] ?? 'none') : String(messageId),
          attempt,
        })}`,
    ),
);

describe('generated input on every operation', () => {
  const operations = [...contract.operations.values()];

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s never answers 5xx',
    async (operationId, operation) => {
      const schemas = requestSchemas(operationId);
      const mediaTypes = Object.keys(schemas);
      const signature = signatureKind(operationId);
      const path = `${contract.basePath}${operation.path}`;
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            // Mostly a caller some operation accepts, so that the calls get past the session check.
            who: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom('tutor', 'applicant', 'write') },
              { weight: 1, arbitrary: fc.constantFrom('read', 'garbage', 'none') },
            ),
            // How a webhook's body is signed: mostly right, so that the calls reach the handler.
            signed: fc.oneof(
              { weight: 6, arbitrary: fc.constant('good' as const) },
              { weight: 1, arbitrary: fc.constantFrom('bad', 'stale', 'none', 'port') },
            ),
            body: fc.oneof(
              {
                weight: 6,
                arbitrary: mediaTypes.length
                  ? fc.constantFrom(...mediaTypes).chain((type) =>
                      valueFor(schemas[type]?.schema).map((value) => ({
                        generated: value,
                        type,
                      })),
                    )
                  : valueFor(undefined),
              },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
              { weight: 1, arbitrary: fc.constant(undefined) },
              {
                weight: 1,
                arbitrary: fc.string({ maxLength: 50 }).map((text) => ({ raw: text })),
              },
            ),
            // Mostly the type the body is written in; sometimes a type the operation may refuse.
            contentType: fc.oneof(
              { weight: 8, arbitrary: fc.constant(undefined) },
              {
                weight: 1,
                arbitrary: fc.constantFrom(
                  'application/json',
                  FORM,
                  'text/plain',
                  'multipart/form-data; boundary=fuzz',
                ),
              },
            ),
            query: queryArbitrary,
          }),
          async ({ who, signed, body, contentType, query }) => {
            const token = credentials[who];
            const sendsBody = body !== undefined && operation.method !== 'GET';
            const raw = rawBody(body, mediaTypes);
            const url = `${path}${query}`;
            const response = await server.app.inject({
              method: operation.method,
              url,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(sendsBody ? { 'content-type': contentType ?? raw.type } : {}),
                ...signatureHeaders(signature, signed, raw.text, `${path}${query}`),
              },
              ...(sendsBody ? { payload: raw.text } : {}),
            });
            const what = `${operationId} ${response.statusCode}: ${response.body.slice(0, 500)}`;
            expect(response.statusCode, what).toBeLessThan(500);
            if (response.statusCode < 300) accepted += 1;
            if (response.statusCode >= 400) {
              expect(contract.validateErrorResponse(response.json()), what).toBe(true);
              return;
            }
            // Any other answer is one the operation declares, with the body it declares.
            const declared = declaredMediaTypes(operationId, response.statusCode);
            expect(declared, `${what}: status not declared`).toBeDefined();
            const type = response.headers['content-type']?.toString().split(';')[0]?.trim();
            if (!declared?.length) {
              expect(response.body, what).toBe('');
            } else if (type === 'application/json') {
              const validate = responseFor(operation, response.statusCode)?.validate;
              expect(declared, what).toContain(type);
              expect(
                validate?.(response.json()),
                `${what}: ${JSON.stringify(validate?.errors)}`,
              ).toBe(true);
            } else {
              expect(declared, what).toContain(type);
            }
            if (response.statusCode === 303) expect(response.headers.location, what).toBeTruthy();
          },
        ),
        { numRuns: RUNS_PER_OPERATION, seed: 20261126 },
      );
      // The signed calls reach past the signature check: some are taken in.
      if (signature) expect(accepted, `${operationId}: answers under 300`).toBeGreaterThan(0);
      // What the development routes changed for everyone: the clock back to the real time.
      if (operationId === 'moveDevClock') {
        const reset = await server.app.inject({
          method: 'POST',
          url: '/api/dev/clock',
          headers: { 'content-type': 'application/json' },
          payload: '{"reset":true}',
        });
        expect(reset.statusCode).toBe(200);
      }
    },
    60_000,
  );
});

/** The body as sent: JSON or form fields as generated for one of the declared types, or raw text. */
function rawBody(body: unknown, mediaTypes: string[]): { text: string; type: string } {
  if (body && typeof body === 'object' && 'raw' in body && Object.keys(body).length === 1) {
    return {
      text: String((body as { raw: string }).raw),
      type:
        mediaTypes.includes('application/json') || !mediaTypes.length ? 'application/json' : FORM,
    };
  }
  const generated =
    body && typeof body === 'object' && 'generated' in body && 'type' in body
      ? (body as { generated: unknown; type: string })
      : undefined;
  if (generated && generated.type !== 'application/json') {
    return { text: formFields(generated.generated).toString(), type: FORM };
  }
  return {
    text: JSON.stringify(generated ? generated.generated : body) ?? '',
    type: 'application/json',
  };
}

/**
 * The provider's signature header of a webhook call: right (with the test server's secret, over
 * the body as sent and, for Twilio, the URL it calls, sometimes with its port written in), with
 * the wrong secret, too old, or none.
 */
function signatureHeaders(
  kind: 'webhook' | 'twilio' | undefined,
  signed: 'good' | 'bad' | 'stale' | 'none' | 'port',
  raw: string,
  url: string,
): Record<string, string> {
  if (!kind || signed === 'none') return {};
  if (kind === 'webhook') {
    const secret = url.includes('/webhooks/forms')
      ? WEBHOOK_SECRETS.forms
      : WEBHOOK_SECRETS.scheduling;
    const seconds = Math.floor(Date.now() / 1000) - (signed === 'stale' ? 3600 : 0);
    return { [SIGNATURE_HEADER]: signWebhook(signed === 'bad' ? 'wrong' : secret, raw, seconds) };
  }
  const base = url.startsWith('/api/webhooks/twilio/status')
    ? TWILIO.statusCallbackUrl
    : TWILIO.webhookUrl;
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  const signedUrl = `${signed === 'port' ? base.replace('.org/', '.org:443/') : base}${
    base === TWILIO.statusCallbackUrl ? query : ''
  }`;
  const params = [...new URLSearchParams(raw).entries()];
  const authToken = signed === 'bad' ? 'wrong-token' : TWILIO.authToken;
  return { 'x-twilio-signature': twilioSignature(authToken, signedUrl, params) };
}
