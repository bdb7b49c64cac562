// Shorthands for calling the API in tests and checking its error answers.
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadContract } from '../../src/http/contract.ts';
import { testConfig } from './app.ts';

export const contract = loadContract(testConfig().openapiPath);

/** The validator Fastify compiles from an operation's route schema for a body of `mediaType`. */
export function bodyValidator(operationId: string, mediaType: string): ValidateFunction {
  const operation = contract.operation(operationId);
  const schema = operation.schema.body?.content[mediaType]?.schema;
  if (schema === undefined) throw new Error(`${operationId} takes no ${mediaType} body`);
  const { method, path: url } = operation;
  return contract.compileSchema({ schema, method, url, httpPart: 'body' }) as ValidateFunction;
}

export type Response = LightMyRequestResponse;

export function caller(app: () => FastifyInstance) {
  return {
    get: (path: string, token?: string) =>
      app().inject({
        method: 'GET',
        url: `/api${path}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    post: (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      app().inject({
        method: 'POST',
        url: `/api${path}`,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    /** A callable: POST /functions/<name> with {data}. */
    call: (name: string, data: unknown, token?: string) =>
      app().inject({
        method: 'POST',
        url: `/api/functions/${name}`,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify({ data }),
      }),
  };
}

/** The response is the contract's error body with this HTTP and canonical status. */
export function expectError(
  response: Response,
  statusCode: number,
  status: string,
  message?: RegExp | string,
) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(contract.validateErrorResponse(body)).toBe(true);
  expect(body.error.status).toBe(status);
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  return body.error as { status: string; message: string; details?: Record<string, unknown> };
}

/** The response validates against the contract's schema for its operation and status. */
export function expectContract(operationId: string, response: Response) {
  const declared = contract.operation(operationId).responses.get(String(response.statusCode));
  expect(declared, `${operationId} declares ${response.statusCode}`).toBeDefined();
  const validate = declared?.validate;
  if (validate) {
    const valid = validate(response.json());
    expect(validate.errors ?? [], response.body).toEqual([]);
    expect(valid).toBe(true);
  }
}
