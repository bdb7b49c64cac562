// The contract through Fastify: useContractSchemas hands every operation's route its request schema
// from openapi.yaml, which Fastify validates with the contract's Ajv, and the contract's 400 for
// what it refuses. registerOperation mounts an operation (method and path from the contract) with
// the project's own hooks: the session it needs, 415 for an undeclared content type, a required
// body, the NUL character refused, a batch's per-row outcomes and the response check.

import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityProvider } from '../providers/identity.ts';
import { type Access, assertAccess, resolveIntegrationSession, resolveSession } from './auth.ts';
import {
  type Contract,
  ContractError,
  describeValidationError,
  fieldError,
  type OperationContract,
  responseFor,
} from './contract.ts';
import { ApiError, errorBody, invalidArgument } from './errors.ts';

export interface OperationContext {
  contract: Contract;
  identity: IdentityProvider;
  /** The caller an integration key stands for, or undefined for an unknown or revoked key. */
  verifyIntegrationKey: (
    key: string,
  ) => Promise<{ keyName: string; scope: 'read' | 'write' } | undefined>;
  orgDomain: string;
  responseValidation: 'error' | 'log';
  /** Counts an answer found not to match the contract (a metric operators can alert on). */
  reportResponseMismatch?: (operationId: string, statusCode: number) => void;
}

/**
 * In 'log' mode (production), one answer in this many of each operation is checked against the
 * contract, the first one always: a drift that affects every answer still shows within a few
 * requests, at a twentieth of the cost (the check was 5 % of the server's CPU per GET /tutor
 * under `pnpm bench:api`). In 'error' mode (development, tests) every answer is checked.
 */
export const LOGGED_RESPONSE_CHECK_INTERVAL = 20;

export interface OperationRoute {
  operationId: string;
  /** The session the route needs; must agree with the contract's `security`. */
  access: Access;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Extra `details` of the 400 a body that fails validation gets (e.g. a `type` the portal reads). */
  invalidBodyDetails?: Record<string, unknown>;
  /**
   * The 200 answer serialised by Fastify (fast-json-stringify) from its contract schema instead of
   * JSON.stringify, where measured faster (not for large answers: GET /tutor, the announcements).
   * It drops an undeclared property, so the answer's objects must declare `additionalProperties:
   * false` (route-schemas.test.ts), for the response check to refuse one outside production.
   */
  serializeResponse?: boolean;
  /**
   * For a batch of `rows` (the integration API): the component schema of one row, for a refused
   * body's `details.rows` (each row `valid`, or `error` with its first problem, as batches give).
   */
  rowSchema?: string;
}

/** '/students/{studentId}' → '/students/:studentId' */
function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Extra `details` of a 400 for a body that cannot be read or fails validation. */
    invalidBodyDetails?: Record<string, unknown>;
  }
}

/**
 * Gives every route of `scope` that is a contract operation, whoever registers it (registerOperation,
 * the webhooks, the development routes), its request schema, compiled by the contract's Ajv, and
 * the contract's 400 for what that refuses: the first problem and its field ('body/data/date').
 */
export function useContractSchemas(scope: FastifyInstance, contract: Contract): void {
  const operations = new Map(
    [...contract.operations.values()].map((operation) => [
      `${operation.method} ${contract.basePath}${toFastifyPath(operation.path)}`,
      operation,
    ]),
  );
  scope.addHook('onRoute', (route) => {
    // The HEAD route Fastify adds beside a GET is validated as the GET.
    const method = route.method === 'HEAD' ? 'GET' : String(route.method);
    const operation = operations.get(`${method} ${route.url}`);
    if (!operation) return;
    route.schema = { ...operation.schema, ...route.schema };
    route.validatorCompiler = contract.compileSchema;
    route.schemaErrorFormatter = (errors, httpPart) => {
      const part = httpPart === 'querystring' ? 'query' : httpPart;
      // The contract's Ajv's errors.
      const first = errors[0] as ErrorObject | undefined;
      return invalidArgument(first ? describeValidationError(part, first) : `${part} is invalid`, {
        ...(part === 'body' ? route.config?.invalidBodyDetails : {}),
        field: first ? `${part}${first.instancePath}` : part,
      });
    };
  });
}

/**
 * Before the body is read: 415 for a media type the operation does not declare, 400 for a
 * required body missing (Fastify validates only a body that arrived) or a NUL in the query.
 */
function checkRequest(operation: OperationContract, request: FastifyRequest): void {
  const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
  const body = operation.requestBody;
  if ((length !== undefined && length !== '0') || chunked !== undefined) {
    if (!body) throw invalidArgument('This call takes no request body.');
    const essence = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (!essence || !body.mediaTypes.includes(essence)) {
      const accepted = body.mediaTypes.join(' or ');
      throw new ApiError(
        415,
        `Content-Type ${essence || '(none)'} is not accepted; send ${accepted}.`,
      );
    }
  } else if (body?.required) {
    const details = request.routeOptions.config.invalidBodyDetails;
    throw invalidArgument('body is required', { ...details, field: 'body' });
  }
  const withNul = nulCharacterPath(request.query, 'query');
  if (withNul) throw invalidArgument(`${withNul} must not contain the NUL character`);
}

/**
 * The path of a string holding U+0000 (PostgreSQL's text cannot store it, so it would fail deep
 * in a query instead of as a clear 400), or undefined when there is none.
 */
export function nulCharacterPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, `${path}/${index}`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulCharacterPath(item, `${path}/${key}`) ?? nulCharacterPath(key, path);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * After Fastify's validation: a batch's refusal (kept by `attachValidation`) with each row's
 * outcome in `details.rows`, as the batch checks give them; then the body's NUL check.
 */
function checkBody(request: FastifyRequest, rowValidator?: ValidateFunction): void {
  const refusal = request.validationError;
  const rows = (request.body as { rows?: unknown } | null)?.rows;
  if (refusal instanceof ApiError && rowValidator && Array.isArray(rows)) {
    const outcomes = rows.map((row) => {
      const recordId = String((row as { recordId?: unknown } | null)?.recordId ?? '');
      if (rowValidator(row)) return { recordId, status: 'valid' };
      return { recordId, status: 'error', errors: [fieldError(rowValidator.errors?.[0])] };
    });
    throw invalidArgument(refusal.message, { ...(refusal.details as object), rows: outcomes });
  }
  // A validator that threw (not a refusal) stays the 500 Fastify made it.
  if (refusal) throw refusal;
  const withNul = nulCharacterPath(request.body, 'body');
  if (withNul) {
    const details = request.routeOptions.config.invalidBodyDetails;
    throw invalidArgument(`${withNul} must not contain the NUL character`, {
      ...details,
      field: withNul,
    });
  }
}

/**
 * The response check: the payload as the handler gave it, before it is serialised; a mismatch is
 * a 500 in 'error' mode, logged and counted in 'log' mode.
 */
function responseChecker(context: OperationContext, operation: OperationContract) {
  let answers = 0;
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown => {
    if (context.responseValidation === 'log' && answers++ % LOGGED_RESPONSE_CHECK_INTERVAL !== 0) {
      return payload;
    }
    const declared = responseFor(operation, reply.statusCode);
    const validate = declared
      ? declared.validate
      : reply.statusCode >= 400
        ? context.contract.validateErrorResponse
        : undefined;
    let problem: string | undefined;
    if (!declared && reply.statusCode < 400) {
      problem = `status ${reply.statusCode} is not declared`;
    } else if (!validate) {
      problem = `status ${reply.statusCode} declares no JSON body`;
    } else if (!validate(payload)) {
      const [first] = validate.errors ?? [];
      problem = first ? describeValidationError('response', first) : 'response is invalid';
    }
    if (!problem) return payload;
    context.reportResponseMismatch?.(operation.operationId, reply.statusCode);
    request.log.error(
      { operationId: operation.operationId, statusCode: reply.statusCode, problem },
      'response does not match the contract',
    );
    if (context.responseValidation === 'log') return payload;
    reply.code(500);
    // This hook runs after the app's, which gives every other error body its request id.
    const body = errorBody(500, `The response does not match the contract: ${problem}`);
    body.error.requestId = request.id;
    return body;
  };
}

export function registerOperation(
  scope: FastifyInstance,
  context: OperationContext,
  route: OperationRoute,
): void {
  const operation = context.contract.operation(route.operationId);
  const rowValidator = route.rowSchema
    ? context.contract.schemaValidator(route.rowSchema)
    : undefined;
  // Fastify's serialiser resolves the schema's references with app/routes.ts' addSchema.
  const serialised = route.serializeResponse ? operation.responses.get('200')?.schema : undefined;
  if (route.serializeResponse && serialised === undefined) {
    throw new ContractError(`${route.operationId}: no JSON 200 answer to serialise`);
  }
  if ((route.access === 'public') === operation.requiresBearer) {
    throw new ContractError(
      `${route.operationId}: the route's access '${route.access}' disagrees with the contract's security`,
    );
  }

  const checkResponse = responseChecker(context, operation);

  scope.route({
    config: { invalidBodyDetails: route.invalidBodyDetails },
    method: operation.method,
    url: toFastifyPath(operation.path),
    // The request schema is useContractSchemas' (app/routes.ts).
    schema: serialised === undefined ? {} : { response: { 200: serialised } },
    // A batch's refusal needs its body for the rows' outcomes (checkBody).
    attachValidation: rowValidator !== undefined,
    onRequest: async (request) => {
      if (route.access === 'integration-read' || route.access === 'integration-write') {
        request.session = await resolveIntegrationSession(
          context.verifyIntegrationKey,
          request.headers.authorization,
          route.access,
        );
      } else if (route.access !== 'public') {
        request.session = await resolveSession(
          context.identity,
          context.orgDomain,
          request.headers.authorization,
        );
        assertAccess(request.session, route.access, context.orgDomain);
      }
      checkRequest(operation, request);
    },
    // Callback hooks where nothing is awaited (an async hook costs a promise on every request);
    // Fastify hands what one throws to the error handler.
    preHandler: (request, _reply, done) => {
      checkBody(request, rowValidator);
      done();
    },
    preSerialization: (request, reply, payload, done) =>
      done(null, checkResponse(request, reply, payload)),
    handler: route.handler,
  });
}
