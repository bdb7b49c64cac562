// Issue 38, item 2: the request schemas of openapi.yaml reach Fastify. Every operation of the
// document, whoever registers its route (registerOperation, the webhooks, the development routes),
// gets Fastify's route schema of its query parameters and of its body under each declared media
// type, compiled by the contract's own Ajv: the server is started with everything on (both webhook
// secrets, Twilio, the development routes), and its Fastify instance gets, through Fastify's
// 'fastify.initialization' diagnostics channel, a first onRoute hook that keeps each route's
// options, which the server's own hooks complete. The document is read here on its own, so an
// operation left without its schema, or a part left out, fails the test. The answers Fastify
// serialises from their schema (`serializeResponse`) lose nothing the contract declares, and the
// response check still sees the payload as the handler gave it.
import diagnostics from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { RequestSchema } from '../src/http/contract.ts';
import { type OperationContext, registerOperation } from '../src/http/operations.ts';
import type { IdentityProvider } from '../src/providers/identity.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { contract } from './support/calls.ts';

/** The routes of the server started below, by 'METHOD /url'. */
const routes = new Map<string, RouteOptions>();
/** Adds the collecting hook to a Fastify instance as it is made. */
function collectRoutes(message: unknown) {
  const { fastify } = message as { fastify: FastifyInstance };
  // The first onRoute hook: the options object it keeps is the one the later hooks complete.
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
  });
}

type Parameter = { $ref?: string; name?: string; in?: string };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown> };
};
const document = parseYaml(readFileSync(testConfig().openapiPath, 'utf8')) as {
  paths: Record<string, Record<string, Operation | Parameter[]> & { parameters?: Parameter[] }>;
  components: { parameters?: Record<string, Parameter> };
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The document's operations with their query parameters and body media types, read directly. */
const declared = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => {
    const operation = item[method] as Operation;
    const query = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
      .map((parameter) =>
        parameter.$ref
          ? document.components.parameters?.[parameter.$ref.split('/').pop() ?? '']
          : parameter,
      )
      .filter((parameter) => parameter?.in === 'query')
      .map((parameter) => parameter?.name);
    return {
      route: `${method.toUpperCase()} /api${path.replace(/\{([^}]+)\}/g, ':$1')}`,
      operationId: String(operation.operationId),
      query,
      mediaTypes: Object.keys(operation.requestBody?.content ?? {}).map((type) =>
        type.toLowerCase(),
      ),
    };
  }),
);

let server: TestApp;
beforeAll(async () => {
  diagnostics.subscribe('fastify.initialization', collectRoutes);
  try {
    server = await startTestApp({
      config: {
        webhookSecrets: { forms: 'schemas-forms-secret', scheduling: 'schemas-scheduling-secret' },
        twilio: {
          accountSid: 'ACschemas',
          authToken: 'schemas-test-token',
          webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
          statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
        },
      },
    });
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collectRoutes);
  }
});

afterAll(() => server?.close());

describe("openapi.yaml's operations as Fastify route schemas", () => {
  it('reads operations from the document', () => {
    expect(declared.length).toBeGreaterThan(60);
    expect(contract.operations.size).toBe(declared.length);
  });

  it.each(declared)(
    '$operationId ($route) has the route schema of its query and body',
    ({ route, query, mediaTypes }) => {
      const registered = routes.get(route);
      expect(registered, `${route} is not registered`).toBeDefined();
      // The contract's compiler (Fastify's own would be used without one).
      expect(registered?.validatorCompiler).toBeTypeOf('function');
      const schema = registered?.schema as RequestSchema | undefined;
      expect(schema, `${route} has no route schema`).toBeDefined();
      if (query.length > 0) {
        expect(Object.keys(schema?.querystring?.properties ?? {}).sort()).toEqual(query.sort());
      } else {
        expect(schema?.querystring).toBeUndefined();
      }
      if (mediaTypes.length > 0) {
        expect(Object.keys(schema?.body?.content ?? {}).sort()).toEqual(mediaTypes.sort());
        for (const media of Object.values(schema?.body?.content ?? {})) {
          expect(media.schema).toBeDefined();
        }
      } else {
        expect(schema?.body).toBeUndefined();
      }
    },
  );
});

/** A tutor's Google session for whatever token is sent. */
const identity = {
  verifyIdToken: async () => ({
    uid: 'tutor-1',
    email: 'maya.chen@tutoring.example.org',
    emailVerified: true,
    signInProvider: 'google.com',
    applicantEmail: null,
    expiresAt: Date.now() / 1000 + 3600,
  }),
} as unknown as IdentityProvider;

function operationContext(
  responseValidation: 'error' | 'log',
  reportResponseMismatch?: OperationContext['reportResponseMismatch'],
): OperationContext {
  return {
    contract,
    identity,
    verifyIntegrationKey: async () => undefined,
    orgDomain: 'tutoring.example.org',
    responseValidation,
    ...(reportResponseMismatch ? { reportResponseMismatch } : {}),
  };
}

/** The operations whose 200 answer Fastify serialises (`serializeResponse: true` in their module). */
const SERIALISED = ['listActionItems'];

/** Every object schema a schema reaches, following the component references. */
function objectSchemas(schema: unknown, seen = new Set<unknown>()): Record<string, unknown>[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  const ref = typeof node.$ref === 'string' ? node.$ref.split('#/$defs/')[1] : undefined;
  const target = ref
    ? (contract.componentsSchema.$defs as Record<string, unknown>)[ref]
    : undefined;
  return [
    ...(node.type === 'object' || node.properties ? [node] : []),
    ...objectSchemas(target, seen),
    ...Object.values(node).flatMap((child) => objectSchemas(child, seen)),
  ];
}

describe('answers Fastify serialises from their schema', () => {
  it.each(SERIALISED)(
    '%s declares additionalProperties: false on each object, so the response check refuses what the serialiser would drop',
    (operationId) => {
      const objects = objectSchemas(contract.operation(operationId).responses.get('200')?.schema);
      expect(objects.length).toBeGreaterThan(0);
      for (const object of objects) expect(object.additionalProperties).toBe(false);
    },
  );

  it("keeps every declared field, and production's sampled check sees the payload as given", async () => {
    const mismatches: string[] = [];
    const serialising = Fastify();
    serialising.addSchema(contract.componentsSchema);
    const item = {
      Action_Item_ID: 'item-1',
      Title: 'Log your hours',
      Description: 'Before Friday',
      URL: null,
      CreatedAt: '2026-03-08T09:00:00.000Z',
      Completed: false,
      Automatic_Completion: true,
    };
    registerOperation(
      serialising,
      operationContext('log', (operationId) => mismatches.push(operationId)),
      {
        operationId: 'listActionItems',
        access: 'tutor',
        serializeResponse: true,
        handler: async () => [{ ...item, undeclared: 'x' }],
      },
    );
    await serialising.ready();
    try {
      const listed = await serialising.inject({
        method: 'GET',
        url: '/action-item',
        headers: { authorization: 'Bearer header.payload.signature' },
      });
      // fast-json-stringify wrote the declared fields, in the schema's order, and dropped the
      // undeclared one; the check saw it in the handler's payload and counted the mismatch.
      expect(listed.statusCode).toBe(200);
      expect(listed.body).toBe(JSON.stringify([item]));
      expect(mismatches).toEqual(['listActionItems']);
    } finally {
      await serialising.close();
    }
  });
});
