// --plans: auto_explain (loaded at start with --plans) logs EXPLAIN (ANALYZE, BUFFERS) of every
// statement while log_min_duration is 0; one request per route, each after a marker query.
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { settle } from './measure.ts';
import { log } from './processes.ts';
import { auth, json } from './routes.ts';
import type { BenchTutor } from './tokens.ts';

export interface RoutePlans {
  route: string;
  queries: Array<{ query: string; plan: string; seqScans: string[] }>;
}

/** The tables a Seq Scan on is flagged. */
const WATCHED = new Set(['messages', 'tutoring_sessions', 'students', 'action_items']);

/**
 * The plans of every hot route's queries on `target`, added to `plans` with `label` after the
 * route's name, and printed. Nothing without PostgreSQL's log.
 */
export async function explainRoutes(
  label: string,
  target: string,
  setup: {
    databaseUrl: string | undefined;
    postgresLog: string | undefined;
    tutors: BenchTutor[];
    plans: RoutePlans[];
  },
) {
  const { databaseUrl, postgresLog, plans } = setup;
  if (!databaseUrl || !postgresLog) return;
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-plans' });
  await settle();
  await admin.connect();
  try {
    const logged = await logPlansOfCalls(admin, target, setup.tutors[0] as BenchTutor, postgresLog);
    plans.push(...parsePlans(logged, label));
  } finally {
    await admin.end();
  }
  printPlans(plans, label);
}

/** One call of each hot route with auto_explain on, each after a marker; returns the log. */
async function logPlansOfCalls(
  admin: pg.Client,
  target: string,
  tutor: BenchTutor,
  postgresLog: string,
): Promise<string> {
  await admin.query('ALTER SYSTEM SET auto_explain.log_min_duration = 0');
  await admin.query('SELECT pg_reload_conf()');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const offset = statSync(postgresLog).size;
  const studentId = tutor.students[0] as string;
  const calls: Array<[string, string, string, unknown]> = [
    ['GET /tutor', 'GET', '/api/tutor', undefined],
    ['POST /tutor/messages', 'POST', '/api/tutor/messages', { studentId }],
    [
      'POST /tutor/send-message',
      'POST',
      '/api/tutor/send-message',
      { studentId, message: 'Plan check' },
    ],
    ['GET /portal-announcement', 'GET', '/api/portal-announcement', undefined],
    ['GET /action-item', 'GET', '/api/action-item', undefined],
    [
      'POST /functions/getStudentPathway',
      'POST',
      '/api/functions/getStudentPathway',
      { data: { studentId: tutor.pathwayStudent } },
    ],
  ];
  for (const [route, method, path, body] of calls) {
    await admin.query(`SELECT 'bench-plan-marker' AS marker, '${route}' AS route`);
    const response = await fetch(`${target}${path}`, {
      method,
      headers: { ...auth(tutor), ...(body ? json : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await admin.query(`SELECT 'bench-plan-marker' AS marker, 'end' AS route`);
  await admin.query('ALTER SYSTEM RESET auto_explain.log_min_duration');
  await admin.query('SELECT pg_reload_conf()');
  await new Promise((resolve) => setTimeout(resolve, 300));
  return readFileSync(postgresLog, 'utf8').slice(offset);
}

/** The plans in PostgreSQL's log, by the route whose marker precedes them. */
function parsePlans(text: string, label: string): RoutePlans[] {
  // Entries: a line with a timestamp and "LOG:  duration: … plan:", then tab-indented lines.
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
    else if (entries.length > 0) entries[entries.length - 1] += `\n${line}`;
  }
  const plans: RoutePlans[] = [];
  let route: string | undefined;
  let current: RoutePlans | undefined;
  for (const entry of entries) {
    if (!entry.includes('plan:')) continue;
    const body = entry.slice(entry.indexOf('plan:') + 5).replace(/^\n/, '');
    const [first = '', ...rest] = body.split('\n');
    const query = first.replace(/^\s*Query Text:\s*/, '').trim();
    if (query.includes('bench-plan-marker')) {
      route = /'bench-plan-marker' AS marker, '([^']+)'/.exec(query)?.[1];
      if (route === 'end' || route === undefined) break;
      current = { route: `${route}${label}`, queries: [] };
      plans.push(current);
      continue;
    }
    if (!current || /ALTER SYSTEM|pg_reload_conf/.test(query)) continue;
    const plan = rest.join('\n').replace(/\s+$/, '');
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1] as string);
    current.queries.push({ query, plan, seqScans });
  }
  return plans;
}

function printPlans(plans: RoutePlans[], label: string) {
  log('');
  log(`EXPLAIN (ANALYZE, BUFFERS) of the hot queries${label} (auto_explain):`);
  for (const routePlans of plans.filter((p) => p.route.endsWith(label))) {
    log(`\n━━ ${routePlans.route}: ${routePlans.queries.length} queries`);
    for (const query of routePlans.queries) {
      const flagged = query.seqScans.filter((table) => WATCHED.has(table));
      log(
        `\n${flagged.length ? `⚠ Seq Scan on ${flagged.join(', ')}\n` : ''}${query.query}\n${query.plan}`,
      );
    }
  }
  const flaggedAll = plans
    .filter((p) => p.route.endsWith(label))
    .flatMap((p) =>
      p.queries.flatMap((q) =>
        q.seqScans.filter((t) => WATCHED.has(t)).map((t) => `${p.route}: Seq Scan on ${t}`),
      ),
    );
  log(
    `\nSeq Scans on messages, tutoring_sessions, students or action_items${label}: ${flaggedAll.length ? `\n  ${flaggedAll.join('\n  ')}` : 'none'}`,
  );
}
