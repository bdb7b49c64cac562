// What a run reports: the table of its routes, its targets (met / not met) and the JSON file in
// bench/results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/lib/process.mjs';
import type { RouteResult } from './measure.ts';
import { log } from './processes.ts';

export interface Target {
  target: string;
  actual: string;
  met: boolean;
}

export function pad(value: string | number, width: number) {
  return String(value).padStart(width);
}

export function printTable(results: RouteResult[]) {
  log(
    `${'route'.padEnd(34)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}${pad('errors', 8)}${pad('x ref', 7)}   CPU µs/request: server${pad('db', 6)}${pad('load', 6)}`,
  );
  for (const r of results) {
    const cpu = r.cpuPerRequest;
    log(
      `${r.name.padEnd(34)}${pad(r.requestsPerSecond.toFixed(0), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}${pad(r.ratio === undefined ? '' : r.ratio.toFixed(2), 7)}${cpu ? `${pad(cpu.server, 25)}${pad(cpu.postgres || '', 6)}${pad(cpu.loadGenerator, 6)}` : ''}${r.note ? `  ${r.note}` : ''}`,
    );
  }
}

/** A result the targets can judge: answers came back, all of them 2xx (or 304). */
export function sound(result: RouteResult | undefined): result is RouteResult {
  return result !== undefined && result.total > 0 && result.non2xx + result.errors === 0;
}

/** The targets of the routes measured, and of the server's peak RSS. */
export function targetsOf(results: RouteResult[], rssMb: number): Target[] {
  const byName = (name: string) => results.find((r) => r.name === name);
  const NOT_RUN = 'not run (see --routes)';
  const poll = byName('POST /tutor/messages (unchanged)');
  const tutorResult = byName('GET /tutor');
  const send = byName('POST /tutor/send-message');
  return [
    {
      target: 'unchanged poll >= 0.6x reference',
      actual: poll ? `${poll.ratio?.toFixed(2)}x` : NOT_RUN,
      met: sound(poll) && (poll.ratio ?? 0) >= 0.6,
    },
    {
      target: 'unchanged poll p99 <= 25 ms',
      actual: poll ? `${poll.p99} ms` : NOT_RUN,
      met: sound(poll) && poll.p99 <= 25,
    },
    {
      target: 'GET /tutor >= 0.35x reference',
      actual: tutorResult ? `${tutorResult.ratio?.toFixed(2)}x` : NOT_RUN,
      met: sound(tutorResult) && (tutorResult.ratio ?? 0) >= 0.35,
    },
    {
      target: 'GET /tutor p99 <= 40 ms',
      actual: tutorResult ? `${tutorResult.p99} ms` : NOT_RUN,
      met: sound(tutorResult) && tutorResult.p99 <= 40,
    },
    {
      target: 'send-message p99 <= 50 ms',
      actual: send ? `${send.p99} ms` : NOT_RUN,
      met: sound(send) && send.p99 <= 50,
    },
    answersTarget(results),
    { target: 'server RSS <= 300 MB', actual: `${rssMb.toFixed(0)} MB`, met: rssMb <= 300 },
  ];
}

/** Every request answered, with a 2xx (or 304). */
function answersTarget(results: RouteResult[]): Target {
  const bad = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  const empty = results.filter((r) => r.total === 0).map((r) => r.name);
  return {
    target: '0 non-2xx (and no errors)',
    actual: `${bad}${empty.length ? `; no answer at all within the run: ${empty.join(', ')}` : ''}`,
    met: bad === 0 && empty.length === 0,
  };
}

export function printTargets(targets: Target[]) {
  log('');
  log('Targets:');
  for (const target of targets) {
    log(`  ${target.met ? 'met    ' : 'NOT MET'}  ${target.target.padEnd(50)} ${target.actual}`);
  }
}

/** Writes the run to bench/results/api-<time>.json. */
export function writeResults(run: Record<string, unknown>) {
  const resultsDir = join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  log(`\nWritten to ${file}`);
}
