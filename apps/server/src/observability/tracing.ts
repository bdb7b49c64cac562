// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. This file imports nothing
// of OpenTelemetry: without the variable no SDK module is loaded (no cost on the hot routes); with
// it, otel.ts is imported before the app is built, so the Fastify instrumentation sees the
// instance being created.
import type { Config } from '../config.ts';

export interface Tracing {
  /** Exports the spans still buffered and stops tracing. */
  shutdown(): Promise<void>;
}

/** Starts tracing when an OTLP endpoint is configured; undefined when it is not. */
export async function startTracing(config: Config['tracing']): Promise<Tracing | undefined> {
  if (!config.endpoint) return undefined;
  const { startOpenTelemetry } = await import('./otel.ts');
  return startOpenTelemetry({ endpoint: config.endpoint, serviceName: config.serviceName });
}
