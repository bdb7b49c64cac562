// Mounts a contract operation as a Fastify route: method, path and request schema come from
// openapi.yaml (Fastify validates the query string and the body with the contract's Ajv), and the
// route's own hooks add, in order, the session check, the content-type check (before the body is
// parsed), the NUL-character checks, the contract's 400 for what Fastify's validation refused (with
// each row's outcome for an integration batch) and the response check.

import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
   * The 200 answer serialised by Fastify (fast-json-stringify) from its contract schema, instead of
   * JSON.stringify. Only where measured faster: it is slower on large answers (GET /tutor with its
   * `oneOf`, the 20 KB announcement list), and it drops a property its schema does not declare, so the operation's objects must
   * all declare `additionalProperties: false` (route-schemas.test.ts checks), which makes the
   * response check (on the payload before it is serialised) refuse such a property outside
   * production.
   */
  serializeResponse?: boolean;
  /**
   * For a batch of `rows` (the integration API): the component schema of one row. A body that
   * fails validation then gets every row's outcome in `details.rows`, as the batch checks give
   * them: `valid`, or `error` with the first problem's field path and message.
   */
  rowSchema?: string;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

function mediaTypeEssence(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function checkContentType(operation: OperationContract, request: FastifyRequest): void {
  if (!hasBody(request)) return;
  if (!operation.requestBody) throw invalidArgument('This call takes no request body.');
  const essence = mediaTypeEssence(request.headers['content-type']);
  const accepted = operation.requestBody.mediaTypes;
  if (!essence || !accepted.includes(essence)) {
    throw new ApiError(
      415,
      `Content-Type ${essence ?? '(none)'} is not accepted; send ${accepted.join(' or ')}.`,
    );
  }
}

/** The query string's NUL check and the required body's presence, before Fastify validates. */
function checkBeforeValidation(
  operation: OperationContract,
  request: FastifyRequest,
  extraDetails: Record<string, unknown> = {},
): void {
  const withNul = nulCharacterPath(request.query, 'query');
  if (withNul) throw invalidArgument(`${withNul} must not contain the NUL character`);
  // A request without a body has no media type, so Fastify's body schema does not see it.
  if (request.body === undefined && operation.requestBody?.required) {
    throw invalidArgument('body is required', { ...extraDetails, field: 'body' });
  }
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

/** Each row's outcome against its schema, or undefined when the body has no `rows` array. */
function rowOutcomes(validate: ValidateFunction, body: unknown): unknown[] | undefined {
  const rows = (body as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return undefined;
  return rows.map((row) => {
    const recordId = String((row as { recordId?: unknown } | null)?.recordId ?? '');
    if (validate(row)) return { recordId, status: 'valid' };
    return { recordId, status: 'error', errors: [fieldError(validate.errors?.[0])] };
  });
}

/**
 * The contract's 400 for what Fastify's validation refused (`attachValidation`), naming the first
 * problem's field ('query/limit', 'body/data/date'); for a body, with the route's extra details
 * and, for a batch, each row's outcome.
 */
function validationRefusal(
  error: FastifyError,
  request: FastifyRequest,
  extraDetails: Record<string, unknown> = {},
  rowValidator?: ValidateFunction,
): ApiError {
  const part =
    error.validationContext === 'querystring' ? 'query' : String(error.validationContext);
  // The route's validators are the contract's Ajv functions, so these are Ajv's errors.
  const first = error.validation?.[0] as ErrorObject | undefined;
  const message = first ? describeValidationError(part, first) : `${part} is invalid`;
  const field = first ? `${part}${first.instancePath}` : part;
  if (part !== 'body') return invalidArgument(message, { field });
  const rows = rowValidator ? rowOutcomes(rowValidator, request.body) : undefined;
  return invalidArgument(message, { ...extraDetails, field, ...(rows ? { rows } : {}) });
}

/** The refusal of what Fastify's validation found, then the body's NUL check. */
function checkAfterValidation(
  request: FastifyRequest,
  extraDetails: Record<string, unknown> = {},
  rowValidator?: ValidateFunction,
): void {
  if (request.validationError) {
    const error = request.validationError as FastifyError;
    // A validator that threw (not a refusal) stays the 500 Fastify made it.
    if (!error.validation) throw error;
    throw validationRefusal(error, request, extraDetails, rowValidator);
  }
  const withNul = nulCharacterPath(request.body, 'body');
  if (withNul) {
    throw invalidArgument(`${withNul} must not contain the NUL character`, {
      ...extraDetails,
      field: withNul,
    });
  }
}

/** The schema Fastify serialises a 200 answer with (the contract's components added by app/routes.ts). */
function serializedResponse(operation: OperationContract): unknown {
  const schema = operation.responses.get('200')?.schema;
  if (schema === undefined) {
    throw new ContractError(`${operation.operationId}: no JSON 200 answer to serialise`);
  }
  return schema;
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
 * The response check of an operation: the payload as the handler gave it, before it is
 * serialised; a mismatch is a 500 in 'error' mode, logged and counted in 'log' mode.
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
    schema: route.serializeResponse
      ? { ...operation.schema, response: { 200: serializedResponse(operation) } }
      : operation.schema,
    validatorCompiler: context.contract.compileSchema,
    // The refusal is the route's own (preHandler below): it needs the body for a batch's rows.
    attachValidation: true,
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
      checkContentType(operation, request);
    },
    // Callback hooks where nothing is awaited: an async hook costs a promise on every request.
    preValidation: (request, _reply, done) => {
      try {
        checkBeforeValidation(operation, request, route.invalidBodyDetails);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    preHandler: (request, _reply, done) => {
      try {
        checkAfterValidation(request, route.invalidBodyDetails, rowValidator);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    preSerialization: (request, reply, payload, done) => {
      let checked: unknown;
      try {
        checked = checkResponse(request, reply, payload);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, checked);
    },
    handler: route.handler,
  });
}
