// Reads openapi.yaml and gives, per operation, Fastify's route schema of its request (query
// string, and body by media type), which Fastify validates with this file's Ajv (`compileSchema`),
// and the validators of its responses (operations.ts' response check). The component schemas are
// registered once under their own $id and every '#/components/schemas/X' reference is rewritten to
// point there, so each schema is compiled with its references intact (recursive schemas work).
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

/**
 * Fastify's schema of an operation's request: `querystring`, an object of the declared query
 * parameters, and `body` by media type (a form's parser must give an object of its fields), which
 * Fastify validates only for a body that arrived. Path and header parameters are not validated.
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
  /** The declared media types, lower-case, e.g. 'application/json'. */
  requestBody: { required: boolean; mediaTypes: string[] } | undefined;
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

/**
 * Copies a JSON value, pointing component schema references at the registered components: a
 * string that starts '#/components/schemas/' is only ever a reference's in the contract.
 */
function rewriteSchemaRefs(value: Json): Json {
  const json = JSON.stringify(value).replaceAll(
    '"#/components/schemas/',
    `"${COMPONENTS_ID}#/$defs/`,
  );
  return JSON.parse(json) as Json;
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

function createAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    // Bodies are checked as sent: no coercion, no defaults filled in, nothing removed. A query
    // string is all text, so its validator reads '20' as the integer a parameter declares.
    coerceTypes,
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

export function loadContract(openapiPath: string): Contract {
  const document = readDocument(openapiPath);
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const componentsSchema = { $id: COMPONENTS_ID, $defs: rewriteSchemaRefs(schemas) };
  const ajv = createAjv(false).addSchema(componentsSchema);
  const queryAjv = createAjv(true).addSchema(componentsSchema);
  const compile: Compile = (schema, where, compiler = ajv) => {
    try {
      return compiler.compile(schema as object);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ContractError(`Cannot compile the schema of ${where}: ${reason}`);
    }
  };
  const [server] = Array.isArray(document.servers) ? document.servers : [];
  const basePath = isObject(server) && typeof server.url === 'string' ? server.url : '';
  const operations = operationContracts(document, compile);
  const schemaValidator = (name: string) => {
    if (!isObject(schemas[name])) throw new ContractError(`The contract has no schema '${name}'`);
    // Ajv compiles a component once, and keeps it.
    return ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`) as ValidateFunction;
  };
  return {
    basePath,
    operations,
    compileSchema: ({ schema, method, url, httpPart }) =>
      compile(
        schema as Json,
        `${method} ${url} ${httpPart}`,
        httpPart === 'querystring' ? queryAjv : ajv,
      ),
    componentsSchema,
    validateErrorResponse: schemaValidator('ErrorResponse'),
    schemaValidator,
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

/** Compiles a schema whose references point at the components (`where` names it in errors). */
type Compile = (schema: Json, where: string, compiler?: Ajv2020) => ValidateFunction;

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
      const body = requestBodySchema(document, operation);
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
        schema: { ...(querystring ? { querystring } : {}), ...(body ? { body: body.body } : {}) },
        requestBody: body && {
          required: body.required,
          mediaTypes: Object.keys(body.body.content),
        },
        responses,
      });
    }
  }
  return operations;
}

/** The request body's route schema (each declared media type's own) and whether it is required. */
function requestBodySchema(document: JsonObject, operation: JsonObject) {
  const declared = resolveObjectRef(document, operation.requestBody);
  if (!declared) return undefined;
  const content = Object.entries(isObject(declared.content) ? declared.content : {}).map(
    ([type, media]) => [
      type.toLowerCase(),
      { schema: isObject(media) ? (media.schema ?? {}) : {} },
    ],
  );
  const body = rewriteSchemaRefs({ content: Object.fromEntries(content) });
  return { required: declared.required === true, body: body as NonNullable<RequestSchema['body']> };
}

/** The schema of the query parameters of the path and of the operation, if any is declared. */
function querySchema(document: JsonObject, pathItem: JsonObject, operation: JsonObject) {
  const parameters = [pathItem.parameters, operation.parameters]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((parameter) => resolveObjectRef(document, parameter))
    .filter((parameter) => parameter?.in === 'query' && typeof parameter.name === 'string')
    .map((parameter) => parameter as JsonObject & { name: string });
  if (parameters.length === 0) return undefined;
  return rewriteSchemaRefs({
    type: 'object',
    properties: Object.fromEntries(parameters.map(({ name, schema }) => [name, schema ?? {}])),
    required: parameters.filter((parameter) => parameter.required === true).map(({ name }) => name),
  }) as JsonObject;
}

/** The operation's responses by status (upper-case, so '2xx' reads as '2XX'). */
function responseContracts(
  document: JsonObject,
  operation: JsonObject,
  where: string,
  compile: Compile,
): Map<string, ResponseContract> {
  const declared = isObject(operation.responses) ? operation.responses : {};
  return new Map(
    Object.entries(declared).map(([status, response]) => {
      const content = resolveObjectRef(document, response)?.content;
      const json = isObject(content) ? content['application/json'] : undefined;
      const schema = isObject(json) ? rewriteSchemaRefs(json.schema ?? {}) : undefined;
      const validate =
        schema === undefined ? undefined : compile(schema, `${where} response ${status}`);
      return [status.toUpperCase(), { validate, schema }];
    }),
  );
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

/** An Ajv error as the field it names and what is wrong ('' for the whole value). */
function problemOf(error: ErrorObject): { at: string; problem: string } {
  const { missingProperty, additionalProperty } = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { at: `${error.instancePath}/${missingProperty}`, problem: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      at: `${error.instancePath}/${additionalProperty}`,
      problem: 'is not an accepted field',
    };
  }
  return { at: error.instancePath, problem: error.message ?? 'is invalid' };
}

/** One readable sentence naming the offending field, e.g. 'body/data/date is required'. */
export function describeValidationError(prefix: string, error: ErrorObject): string {
  const { at, problem } = problemOf(error);
  return `${prefix}${at} ${problem}`;
}

/**
 * An error of a value's own schema as a field path and a message, e.g. { path: 'lessons/0/url',
 * message: 'must be string' }; the path is '' for the value as a whole.
 */
export function fieldError(error: ErrorObject | undefined): { path: string; message: string } {
  const { at, problem } = error ? problemOf(error) : { at: '', problem: 'is invalid' };
  return { path: at.slice(1), message: problem };
}
