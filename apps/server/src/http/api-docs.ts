// The API reference at /docs, rendered on the server from openapi.yaml: every operation with its
// summary, description, session, request body and responses, then every schema. Plain HTML with a
// stylesheet of its own and no script, so the strict CSP holds and it works offline; the raw
// contract is at /docs/openapi.yaml for tools (Scalar, Redocly, openapi-typescript).
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { escapeHtml } from '../providers/mail.ts';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const STYLESHEET = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1b1b1f}
code,pre{font-family:ui-monospace,monospace}pre{background:#f4f4f6;padding:.75rem;overflow:auto;border-radius:4px}
h3{border-top:1px solid #d0d0d7;padding-top:1rem}a{color:#1f4fbf}dt{font-weight:600}`;

const refName = (ref: unknown) => (typeof ref === 'string' ? (ref.split('/').pop() ?? ref) : '');
const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');
const paragraphs = (text: unknown) =>
  typeof text === 'string'
    ? text
        .trim()
        .split(/\n\s*\n/)
        .map((block) => `<p>${escapeHtml(block)}</p>`)
        .join('\n')
    : '';

function schemaLink(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '';
  const ref = (schema as Node).$ref;
  if (ref) return `<a href="#schema-${anchor(refName(ref))}">${escapeHtml(refName(ref))}</a>`;
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

/**
 * Who may call an operation, from its `security` (the document's unless it has its own): anyone,
 * a bearer token, or a caller that signs its request (a provider's webhook).
 */
function accessOf(operation: Node, document: Node): string {
  const requirements = (operation.security ?? document.security ?? []) as Node[];
  if (requirements.length === 0) return 'Public: no bearer token.';
  const schemes = ((document.components as Node | undefined)?.securitySchemes ?? {}) as Record<
    string,
    Node
  >;
  const names = requirements.flatMap((requirement) => Object.keys(requirement));
  const headers = names
    .map((name) => schemes[name])
    .filter((scheme) => scheme?.type === 'apiKey' && scheme.in === 'header')
    .map((scheme) => String(scheme?.name));
  if (headers.length === names.length) {
    return `Signed by the caller: the ${headers.join(' or ')} header (no bearer token).`;
  }
  return 'Needs a bearer token (Firebase ID token).';
}

export function renderApiDocs(document: Node, basePath: string): string {
  const info = (document.info ?? {}) as Node;
  const components = (document.components ?? {}) as Node;
  const sharedResponses = (components.responses ?? {}) as Record<string, Node>;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const operations: string[] = [];
  const toc: string[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const id = String(operation.operationId);
      const title = `${method.toUpperCase()} ${basePath}${path}`;
      toc.push(
        `<li><a href="#op-${anchor(id)}">${escapeHtml(title)}</a>: ${escapeHtml(String(operation.summary ?? ''))}</li>`,
      );
      const developmentOnly = operation['x-development-only'] === true;
      const body = (operation.requestBody as Node | undefined)?.content as Node | undefined;
      // Each media type of the body: JSON, or form fields (Twilio's webhooks, the dev pages' forms).
      const bodies = Object.entries(body ?? {})
        .map(([mediaType, media]) => {
          const schema = (media as Node | undefined)?.schema;
          return schema
            ? `<h4>Request body (${escapeHtml(mediaType)})</h4>${schemaLink(schema)}`
            : '';
        })
        .join('\n');
      const responses = Object.entries((operation.responses ?? {}) as Record<string, Node>)
        .map(([status, declared]) => {
          const response = declared.$ref
            ? (sharedResponses[refName(declared.$ref)] ?? {})
            : declared;
          const schema = (
            (response.content as Node | undefined)?.['application/json'] as Node | undefined
          )?.schema;
          return `<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(String(response.description ?? ''))}${schema ? ` ${schemaLink(schema)}` : ''}</dd>`;
        })
        .join('\n');
      operations.push(`<section aria-labelledby="op-${anchor(id)}">
<h3 id="op-${anchor(id)}"><code>${escapeHtml(title)}</code> (${escapeHtml(id)})</h3>
<p><strong>${escapeHtml(String(operation.summary ?? ''))}</strong>. ${escapeHtml(accessOf(operation, document))}${developmentOnly ? ' Development and test only: not served in production.' : ''}</p>
${paragraphs(operation.description)}
${bodies}
<h4>Responses</h4><dl>${responses}</dl>
</section>`);
    }
  }
  const schemaSections = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<section aria-labelledby="schema-${anchor(name)}"><h3 id="schema-${anchor(name)}">${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join('\n');
  const title = `${String(info.title ?? 'API')} ${String(info.version ?? '')}`.trim();
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/docs/docs.css"></head>
<body>
<header><h1>${escapeHtml(title)}</h1><p><a href="/docs/openapi.yaml">Download openapi.yaml</a></p></header>
<main>
${paragraphs(info.description)}
<nav aria-labelledby="toc"><h2 id="toc">Operations</h2><ul>${toc.join('\n')}</ul></nav>
<h2>Operations in detail</h2>
${operations.join('\n')}
<h2>Schemas</h2>
${schemaSections}
</main>
</body>
</html>`;
}

export function registerApiDocs(app: FastifyInstance, openapiPath: string, basePath: string): void {
  const source = readFileSync(openapiPath, 'utf8');
  const html = renderApiDocs(parseYaml(source) as Node, basePath);
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  app.get('/docs/docs.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLESHEET),
  );
  app.get('/docs/openapi.yaml', async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(source),
  );
}
