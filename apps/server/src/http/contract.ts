// Reads openapi.yaml and gives, per operation, Fastify's route schema of its request (query
// string, and body by media type), which Fastify validates with this file's Ajv (`compileSchema`),
// and the Ajv validators of its responses. The component schemas are registered once under their
// own $id and every '#/components/schemas/X' reference is rewritten to point there, so each
// operation's schema is compiled with its references intact (no dereferenced copies, recursive
// schemas still work).
import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { parse as parseYaml } from 'yaml';

// Not a URN: fast-json-stringify, Fastify's serialiser, resolves references only against a URL.
const COMPONENTS_ID = 'tutoring-openapi-components.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface RequestBodyContract {
  required: boolean;
  /** Declared media types, lower-case, e.g. 'application/json'. */
  mediaTypes: string[];
  /**
   * Validator of the body: the application/json schema, or for an operation that takes only form
   * bodies (application/x-www-form-urlencoded, multipart/form-data) the form's schema, which the
   * route's own parser gives an object of its fields. The same schema object as the route schema's,
   * so Ajv compiles it once.
   */
  validate: ValidateFunction;
}

/**
 * Fastify's schema of an operation's request: `querystring`, an object of the declared query
 * parameters (its compiler reads '20' as the integer a parameter declares), and `body` by media
 * type, which Fastify validates only for a body that arrived (a request without one has no media
 * type; the route checks a required body itself). Path and header parameters are not validated.
 */
export interface RequestSchema extends FastifySchema {
  querystring?: JsonObject;
  body?: { content: Record<string, { schema: Json }> };
}

export interface ResponseContract {
  /** Validator of the JSON payload; absent when the response has no JSON content. */
  validate: ValidateFunction | undefined;
  /** The JSON payload's schema, its references pointing at `Contract.componentsSchema`. */
  schema: Json | undefined;
}

export interface OperationContract {
  operationId: string;
  /** The route schema Fastify validates the request with (`Contract.compileSchema`). */
  schema: RequestSchema;
  method: HttpMethod;
  /** Path as written in the contract, e.g. '/tutor/messages'. */
  path: string;
  /**
   * Whether a bearer token is required: the operation's `security` (the global one unless it has
   * its own) names an HTTP bearer scheme. A webhook's provider signature is not a bearer token.
   */
  requiresBearer: boolean;
  /** `x-development-only: true`: registered only when NODE_ENV is development or test. */
  developmentOnly: boolean;
  requestBody: RequestBodyContract | undefined;
  responses: ReadonlyMap<string, ResponseContract>;
}

export interface Contract {
  /** The server prefix the paths are mounted under, from `servers[0].url` (e.g. '/api'). */
  basePath: string;
  operations: ReadonlyMap<string, OperationContract>;
  /**
   * Fastify's validator compiler of the route schemas: the contract's Ajv, strict, without
   * coercion, defaults or removal for bodies; a query string, all text, has its numbers and
   * booleans read as their types.
   */
  compileSchema: FastifySchemaCompiler<unknown>;
  operation(operationId: string): OperationContract;
  /** The component schemas under their own $id, for Fastify's serialiser (`addSchema`). */
  componentsSchema: { $id: string; $defs: Json };
  /** Validator of the shared error body, for statuses an operation does not declare. */
  validateErrorResponse: ValidateFunction;
  /** Validator of one component schema, e.g. 'IntegrationStudent' (a CSV import's rows). */
  schemaValidator(name: string): ValidateFunction;
  /** The property names a component object schema declares, in the contract's order. */
  schemaProperties(name: string): Array<{ name: string; type: unknown; required: boolean }>;
}

export class ContractError extends Error {
  override name = 'ContractError';
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies a JSON value, pointing component schema references at the registered components. */
function rewriteSchemaRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rewriteSchemaRefs);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      copy[key] = `${COMPONENTS_ID}#/$defs/${child.slice('#/components/schemas/'.length)}`;
    } else {
      copy[key] = rewriteSchemaRefs(child);
    }
  }
  return copy;
}

/** Follows a local '$ref' to a reusable OpenAPI object (response, request body). */
function resolveObjectRef(document: JsonObject, value: Json | undefined): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#/')) throw new ContractError(`Only local references are supported: ${ref}`);
  let target: Json | undefined = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    target = isObject(target) ? target[key] : undefined;
  }
  if (!isObject(target)) throw new ContractError(`Unresolved reference ${ref}`);
  return resolveObjectRef(document, target);
}

function createAjv(options: { coerceTypes: boolean } = { coerceTypes: false }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    // Bodies are checked as sent: no coercion, no defaults filled in, nothing removed. A query
    // string is all text, so its validator reads '20' as the integer a parameter declares.
    coerceTypes: options.coerceTypes,
    useDefaults: false,
    removeAdditional: false,
    allErrors: false,
    validateFormats: true,
  });
  // OpenAPI's own annotation keywords, which JSON Schema 2020-12 does not define.
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
  // ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
  const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin })
    .default ?? addFormatsPlugin) as typeof addFormatsPlugin;
  addFormats(ajv);
  return ajv;
}

function jsonMediaSchema(content: Json | undefined): Json | undefined {
  if (!isObject(content)) return undefined;
  for (const [mediaType, media] of Object.entries(content)) {
    const essence = mediaType.toLowerCase();
    if ((essence === 'application/json' || essence.endsWith('+json')) && isObject(media)) {
      return media.schema ?? {};
    }
  }
  return undefined;
}

/** The media types of an HTML form's fields, which a route reads as an object of text values. */
const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function formMediaSchema(content: Json | undefined): Json | undefined {
  if (!isObject(content)) return undefined;
  for (const [mediaType, media] of Object.entries(content)) {
    if (FORM_MEDIA_TYPES.includes(mediaType.toLowerCase()) && isObject(media)) {
      return media.schema ?? {};
    }
  }
  return undefined;
}

export function loadContract(openapiPath: string): Contract {
  const document = readDocument(openapiPath);
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const { compile, compileSchema } = createCompiler(schemas);
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const firstServer = servers[0];
  const basePath =
    isObject(firstServer) && typeof firstServer.url === 'string' ? firstServer.url : '';
  const operations = operationContracts(document, compile);
  const validateErrorResponse = compile(
    { $ref: '#/components/schemas/ErrorResponse' },
    'the error response',
  );

  const schemaValidators = new Map<string, ValidateFunction>();
  return {
    basePath,
    operations,
    compileSchema,
    componentsSchema: { $id: COMPONENTS_ID, $defs: rewriteSchemaRefs(schemas) },
    validateErrorResponse,
    schemaValidator(name) {
      if (!isObject(schemas[name])) throw new ContractError(`The contract has no schema '${name}'`);
      let validate = schemaValidators.get(name);
      if (!validate) {
        validate = compile({ $ref: `#/components/schemas/${name}` }, `the schema ${name}`);
        schemaValidators.set(name, validate);
      }
      return validate;
    },
    schemaProperties(name) {
      const schema = schemas[name];
      if (!isObject(schema) || !isObject(schema.properties)) {
        throw new ContractError(`The contract has no object schema '${name}'`);
      }
      const required = Array.isArray(schema.required) ? schema.required : [];
      return Object.entries(schema.properties).map(([property, definition]) => ({
        name: property,
        type: isObject(definition) ? definition.type : undefined,
        required: required.includes(property),
      }));
    },
    operation(operationId) {
      const operation = operations.get(operationId);
      if (!operation) throw new ContractError(`The contract has no operation '${operationId}'`);
      return operation;
    },
  };
}

/** The OpenAPI document at `openapiPath`, parsed. */
function readDocument(openapiPath: string): JsonObject {
  try {
    const parsed: unknown = parseYaml(readFileSync(openapiPath, 'utf8'));
    if (!isObject(parsed)) throw new ContractError('the document is not an object');
    return parsed;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContractError(`Cannot read the OpenAPI contract at ${openapiPath}: ${reason}`);
  }
}

/**
 * Compiles a schema of the contract (`where` names it in errors); `rewritten`: its references
 * already point at the registered components (a route schema's, compiled by Fastify too, which
 * Ajv then finds in its cache).
 */
type Compile = (schema: Json, where: string, rewritten?: boolean) => ValidateFunction;

/**
 * Compilers of the contract's schemas, with its component schemas registered: one for a schema
 * of the document, one for Fastify's route schemas (already rewritten by `operationContracts`).
 */
function createCompiler(schemas: JsonObject): {
  compile: Compile;
  compileSchema: FastifySchemaCompiler<unknown>;
} {
  const ajv = createAjv();
  const queryAjv = createAjv({ coerceTypes: true });
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteSchemaRefs(schemas) });
  queryAjv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteSchemaRefs(schemas) });
  const compileWith = (compiler: Ajv2020, schema: object, where: string) => {
    try {
      return compiler.compile(schema);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ContractError(`Cannot compile the schema of ${where}: ${reason}`);
    }
  };
  return {
    compile: (schema, where, rewritten = false) =>
      compileWith(ajv, (rewritten ? schema : rewriteSchemaRefs(schema)) as object, where),
    compileSchema: ({ schema, method, url, httpPart }) =>
      compileWith(
        httpPart === 'querystring' ? queryAjv : ajv,
        schema as object,
        `${method} ${url} ${httpPart ?? ''}`,
      ),
  };
}

/** Every operation of the document's paths, by operationId. */
function operationContracts(
  document: JsonObject,
  compile: Compile,
): Map<string, OperationContract> {
  const globalSecurity = Array.isArray(document.security) ? document.security : [];
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const bearerSchemes = new Set(
    Object.entries(schemes)
      .filter(
        ([, scheme]) => isObject(scheme) && scheme.type === 'http' && scheme.scheme === 'bearer',
      )
      .map(([name]) => name),
  );
  const operations = new Map<string, OperationContract>();
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const operationId = operation.operationId;
      if (typeof operationId !== 'string') {
        throw new ContractError(`${method.toUpperCase()} ${path} has no operationId`);
      }
      const where = `${operationId} (${method.toUpperCase()} ${path})`;
      const { requestBody, body } = requestBodyContract(document, operation, where, compile);
      const querystring = querySchema(document, pathItem, operation);
      const responses = responseContracts(document, operation, where, compile);
      const security = Array.isArray(operation.security) ? operation.security : globalSecurity;
      operations.set(operationId, {
        operationId,
        method: method.toUpperCase() as HttpMethod,
        path,
        requiresBearer: security.some(
          (requirement) =>
            isObject(requirement) &&
            Object.keys(requirement).some((name) => bearerSchemes.has(name)),
        ),
        developmentOnly: operation['x-development-only'] === true,
        schema: {
          ...(querystring ? { querystring } : {}),
          ...(body ? { body } : {}),
        },
        requestBody,
        responses,
      });
    }
  }
  return operations;
}

/** The request body's contract and its route schema, one schema for every declared media type. */
function requestBodyContract(
  document: JsonObject,
  operation: JsonObject,
  where: string,
  compile: Compile,
): { requestBody?: RequestBodyContract; body?: RequestSchema['body'] } {
  const declared = resolveObjectRef(document, operation.requestBody);
  if (!declared) return {};
  const content = isObject(declared.content) ? declared.content : {};
  const schema = jsonMediaSchema(content) ?? formMediaSchema(content);
  if (schema === undefined) {
    throw new ContractError(`${where}: only JSON and form request bodies are supported`);
  }
  const mediaTypes = Object.keys(content).map((mediaType) => mediaType.toLowerCase());
  const rewritten = rewriteSchemaRefs(schema);
  const validate = compile(rewritten, `${where} request body`, true);
  return {
    requestBody: { required: declared.required === true, mediaTypes, validate },
    body: {
      content: Object.fromEntries(
        mediaTypes.map((mediaType) => [mediaType, { schema: rewritten }]),
      ),
    },
  };
}

/** The schema of the query parameters of the path and of the operation, if any is declared. */
function querySchema(
  document: JsonObject,
  pathItem: JsonObject,
  operation: JsonObject,
): JsonObject | undefined {
  const queryParameters = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]
    .map((parameter) => resolveObjectRef(document, parameter))
    .filter((parameter) => parameter?.in === 'query' && typeof parameter.name === 'string');
  if (queryParameters.length === 0) return undefined;
  return rewriteSchemaRefs({
    type: 'object',
    properties: Object.fromEntries(
      queryParameters.map((parameter) => [parameter?.name as string, parameter?.schema ?? {}]),
    ),
    required: queryParameters
      .filter((parameter) => parameter?.required === true)
      .map((parameter) => parameter?.name as string),
  }) as JsonObject;
}

/** The operation's responses by status (upper-case, so '2xx' reads as '2XX'). */
function responseContracts(
  document: JsonObject,
  operation: JsonObject,
  where: string,
  compile: Compile,
): Map<string, ResponseContract> {
  const responses = new Map<string, ResponseContract>();
  const declaredResponses = isObject(operation.responses) ? operation.responses : {};
  for (const [status, declared] of Object.entries(declaredResponses)) {
    const response = resolveObjectRef(document, declared);
    const declaredSchema = jsonMediaSchema(response?.content);
    const schema = declaredSchema === undefined ? undefined : rewriteSchemaRefs(declaredSchema);
    responses.set(status.toUpperCase(), {
      validate:
        schema === undefined ? undefined : compile(schema, `${where} response ${status}`, true),
      schema,
    });
  }
  return responses;
}

/** The response contract for a status: exact ('200'), range ('2XX'), then 'default'. */
export function responseFor(
  operation: OperationContract,
  statusCode: number,
): ResponseContract | undefined {
  return (
    operation.responses.get(String(statusCode)) ??
    operation.responses.get(`${String(statusCode)[0]}XX`) ??
    operation.responses.get('DEFAULT')
  );
}

/**
 * One readable sentence naming the offending field, e.g. 'body/studentId must be string' or
 * 'body/data/date is required'.
 */
export function describeValidationError(prefix: string, error: ErrorObject): string {
  const at = `${prefix}${error.instancePath}`;
  if (error.keyword === 'required') {
    return `${at}/${(error.params as { missingProperty: string }).missingProperty} is required`;
  }
  if (error.keyword === 'additionalProperties') {
    return `${at}/${(error.params as { additionalProperty: string }).additionalProperty} is not an accepted field`;
  }
  return `${at} ${error.message ?? 'is invalid'}`;
}

/**
 * An error of a value's own schema as a field path and a message, e.g. { path: 'email', message:
 * 'must match format "email"' } or { path: 'lessons/0/url', message: 'must be string' }; the path
 * is '' for the value as a whole.
 */
export function fieldError(error: ErrorObject | undefined): { path: string; message: string } {
  const described = error ? describeValidationError('', error) : ' is invalid';
  const split = /^\/(\S+)\s(.*)$/.exec(described);
  return split
    ? { path: split[1] ?? '', message: split[2] ?? '' }
    : { path: '', message: described.trim() };
}
