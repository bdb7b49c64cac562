import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';

/**
 * A real HTTP server on 127.0.0.1 (random port) that answers with MSW request handlers. Unlike
 * msw/node's interceptors, requests travel over a real socket, so fetch,
 * openapi-fetch and the Firebase SDK behave exactly as against the product's server.
 * `HttpResponse.error()` drops the connection (a network failure, status 0 to the Firebase SDK).
 */
export interface HandlerServer {
  /** Origin, e.g. http://127.0.0.1:43121 */
  readonly origin: string;
  /** Requests received, in order (bodies still readable). */
  readonly requests: Request[];
  /** Prepends handlers (they win over earlier ones), like msw's server.use(). */
  use(...handlers: RequestHandler[]): void;
  /** Back to the initial handlers, and forgets the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = message.method !== 'GET' && message.method !== 'HEAD';
  return new Request(new URL(message.url ?? '/', origin), {
    method: message.method ?? 'GET',
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  if (response.type === 'error') {
    res.socket?.destroy();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

export async function startHandlerServer(
  initialHandlers: RequestHandler[] = [],
): Promise<HandlerServer> {
  let handlers = [...initialHandlers];
  const requests: Request[] = [];
  let origin = '';

  const server = createServer((message, res) => {
    void (async () => {
      try {
        const request = await toRequest(message, origin);
        requests.push(request.clone());
        const response = await getResponse(handlers, request);
        await send(
          response ??
            Response.json({ unhandled: `${request.method} ${request.url}` }, { status: 599 }),
          res,
        );
      } catch (error) {
        res.writeHead(598, { 'Content-Type': 'text/plain' });
        res.end(String(error));
      }
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    use: (...next) => {
      handlers = [...next, ...handlers];
    },
    reset: () => {
      handlers = [...initialHandlers];
      requests.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
