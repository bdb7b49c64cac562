// The routes under load: the requests of each route group, as the portal makes them, spread over
// the signed-in tutors and their chats, and one measurement per group.
import type autocannon from 'autocannon';
import pg from 'pg';
import { load, type RouteResult, rotating } from './measure.ts';
import { runs } from './options.ts';
import { log } from './processes.ts';
import type { BenchTutor } from './tokens.ts';

export const json = { 'content-type': 'application/json' };
export const auth = (tutor: BenchTutor) => ({ authorization: `Bearer ${tutor.token}` });

/** A tutor's chat with one of their students. */
export interface Chat {
  tutor: BenchTutor;
  studentId: string;
}

/** The tutors and their chats, each taken in turn by the requests. */
export interface LoadClient {
  /** The server of the routes (--growth has a second one, at its own base). */
  base: string;
  tutors: BenchTutor[];
  chats: Chat[];
  nextTutor: () => BenchTutor;
  nextChat: () => Chat;
}

export function createLoadClient(base: string, tutors: BenchTutor[]): LoadClient {
  const chats = tutors.flatMap((tutor) =>
    tutor.students.map((studentId) => ({ tutor, studentId })),
  );
  return { base, tutors, chats, nextTutor: rotating(tutors), nextChat: rotating(chats) };
}

// ETags, if the server sends them: an unchanged poll then revalidates (304 counts as success).
// Per server (--growth runs two, on two databases).
const etagsByServer = new Map<string, Map<string, string>>();
let serverSendsEtags: boolean | undefined;

/** Polls every chat once on `target`, keeping the ETag of each answer. */
export async function fetchEtags(chats: Chat[], target: string) {
  const etags = new Map<string, string>();
  etagsByServer.set(target, etags);
  if (serverSendsEtags === undefined) {
    const chat = chats[0] as Chat;
    const response = await fetch(`${target}/api/tutor/messages`, {
      method: 'POST',
      headers: { ...auth(chat.tutor), ...json },
      body: JSON.stringify({ studentId: chat.studentId }),
    });
    await response.arrayBuffer();
    serverSendsEtags = response.headers.has('etag');
  }
  if (!serverSendsEtags) return; // nothing to revalidate with: every poll is a full answer
  for (let start = 0; start < chats.length; start += 25) {
    await Promise.all(
      chats.slice(start, start + 25).map(async ({ tutor, studentId }) => {
        const response = await fetch(`${target}/api/tutor/messages`, {
          method: 'POST',
          headers: { ...auth(tutor), ...json },
          body: JSON.stringify({ studentId }),
        });
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (etag) etags.set(studentId, etag);
      }),
    );
  }
}

/** A poll of the chat, with the ETag `target` last sent for it. */
export function pollRequest(chat: Chat, request: autocannon.Request, target: string) {
  const etag = etagsByServer.get(target)?.get(chat.studentId);
  return {
    ...request,
    headers: { ...auth(chat.tutor), ...json, ...(etag ? { 'if-none-match': etag } : {}) },
    body: JSON.stringify({ studentId: chat.studentId }),
  };
}

/**
 * A cold server (JIT, pools, firebase-admin) answers its first requests slowly; with 50 at once
 * they can outlast a short warm-up. A few sequential calls of every route first. Returns seconds.
 */
export async function warmUp(client: LoadClient, target: string) {
  const warmStarted = Date.now();
  for (let round = 0; round < 5; round += 1) {
    const tutor = client.nextTutor();
    const studentId = tutor.students[0] as string;
    for (const [method, path, body] of [
      ['GET', '/api/tutor', undefined],
      ['POST', '/api/tutor/messages', { studentId }],
      ['GET', '/api/portal-announcement', undefined],
      ['GET', '/api/action-item', undefined],
      ['POST', '/api/functions/getStudentPathway', { data: { studentId: tutor.pathwayStudent } }],
    ] as const) {
      const response = await fetch(`${target}${path}`, {
        method,
        headers: { ...auth(tutor), ...(body ? json : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      await response.arrayBuffer();
    }
  }
  return (Date.now() - warmStarted) / 1000;
}

/** Every route group the run measures (--routes), in order; `databaseUrl` on PostgreSQL. */
export async function measureRoutes(
  client: LoadClient,
  databaseUrl: string | undefined,
): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  if (runs('tutor')) results.push(await measureGet(client, '/api/tutor'));
  if (runs('tutor-304')) results.push(await measureTutorUnchanged(client));
  if (runs('poll')) results.push(await measurePollUnchanged(client));
  if (databaseUrl && runs('poll-new')) results.push(await measurePollNew(client, databaseUrl));
  if (!databaseUrl && runs('poll-new')) {
    log(
      'POST /tutor/messages (new message): skipped on PGlite, whose data folder only the server may open (no writer for guardian replies).',
    );
  }
  if (runs('send')) results.push(await measureSend(client));
  if (runs('announcements')) results.push(await measureGet(client, '/api/portal-announcement'));
  if (runs('actions')) results.push(await measureGet(client, '/api/action-item'));
  if (runs('compressed')) results.push(...(await measureCompressed(client)));
  if (runs('pathway')) results.push(await measurePathway(client));
  return results;
}

/** A GET of `path` by each tutor in turn, named after it ('GET /tutor'). */
function measureGet(client: LoadClient, path: string) {
  return load(`GET ${path.replace(/^\/api/, '')}`, client.base, 'GET', path, (request) => ({
    ...request,
    headers: auth(client.nextTutor()),
  }));
}

/**
 * The dashboard's refresh every 30 s (issue 34): GET /tutor with the ETag each tutor's last answer
 * carried, while nothing changed, so every answer is a 304 without a body. The tags are read just
 * before, one GET /tutor per tutor.
 */
async function measureTutorUnchanged(client: LoadClient) {
  const etags = new Map<BenchTutor, string>();
  for (let start = 0; start < client.tutors.length; start += 25) {
    await Promise.all(
      client.tutors.slice(start, start + 25).map(async (tutor) => {
        const response = await fetch(`${client.base}/api/tutor`, { headers: auth(tutor) });
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (etag) etags.set(tutor, etag);
      }),
    );
  }
  return load('GET /tutor (unchanged, 304)', client.base, 'GET', '/api/tutor', (request) => {
    const tutor = client.nextTutor();
    const etag = etags.get(tutor);
    return { ...request, headers: { ...auth(tutor), ...(etag ? { 'if-none-match': etag } : {}) } };
  });
}

async function measurePollUnchanged(client: LoadClient) {
  await fetchEtags(client.chats, client.base);
  return load(
    'POST /tutor/messages (unchanged)',
    client.base,
    'POST',
    '/api/tutor/messages',
    (request) => pollRequest(client.nextChat(), request, client.base),
  );
}

/**
 * A poll of a chat with a new guardian reply: a writer inserts replies into chats (100 every
 * 100 ms, through SQL as the SMS webhook would store them) and the poll asks for those chats
 * first, with the ETag they had before the reply.
 */
async function measurePollNew(client: LoadClient, databaseUrl: string) {
  await fetchEtags(client.chats, client.base);
  const writer = startReplyWriter(client, databaseUrl);
  let freshHits = 0;
  let polls = 0;
  try {
    const changed = await load(
      'POST /tutor/messages (new message)',
      client.base,
      'POST',
      '/api/tutor/messages',
      (request) => {
        polls += 1;
        const chat = writer.fresh.shift();
        if (chat) freshHits += 1;
        return pollRequest(chat ?? client.nextChat(), request, client.base);
      },
    );
    changed.note = `${Math.round((100 * freshHits) / Math.max(1, polls))} % of polls saw a new reply (${writer.inserted()} replies inserted)`;
    return changed;
  } finally {
    await writer.stop();
  }
}

/** Guardian replies, 100 every 100 ms; `fresh` holds the chats that got one, oldest first. */
function startReplyWriter(client: LoadClient, databaseUrl: string) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    application_name: 'bench-writer',
  });
  const fresh: Chat[] = [];
  const nextReply = rotating(client.chats);
  let inserted = 0;
  let writing = false;
  const timer = setInterval(() => {
    if (writing) return;
    writing = true;
    const batch = Array.from({ length: 100 }, nextReply);
    pool
      .query(
        `INSERT INTO messages (student_id, tutor_id, body, from_tutor, message_type, delivery_status)
           SELECT s.id, s.tutor_id, 'Thanks, see you Thursday!', false, 'activity', 'received'
           FROM students s WHERE s.id = ANY($1::uuid[])`,
        [batch.map((chat) => chat.studentId)],
      )
      .then(
        () => {
          inserted += batch.length;
          fresh.push(...batch);
          if (fresh.length > 5000) fresh.splice(0, fresh.length - 5000);
        },
        (error: unknown) => console.error('Inserting replies failed:', error),
      )
      .finally(() => {
        writing = false;
      });
  }, 100);
  return {
    fresh,
    inserted: () => inserted,
    async stop() {
      clearInterval(timer);
      while (writing) await new Promise((resolve) => setTimeout(resolve, 20));
      await pool.end();
    },
  };
}

function measureSend(client: LoadClient) {
  let sent = 0;
  return load(
    'POST /tutor/send-message',
    client.base,
    'POST',
    '/api/tutor/send-message',
    (request) => {
      const chat = client.nextChat();
      sent += 1;
      return {
        ...request,
        headers: { ...auth(chat.tutor), ...json },
        body: JSON.stringify({
          studentId: chat.studentId,
          message: `Benchmark text ${sent}: see you Thursday.`,
        }),
      };
    },
  );
}

/**
 * The other rows ask as autocannon does, for plain answers. A browser always accepts brotli,
 * so the portal's answers over 1 KB are compressed (compression.ts): the two largest of a
 * dashboard load again, asked as Chrome asks. No target; the cost of compressing them.
 */
async function measureCompressed(client: LoadClient) {
  const browserEncodings = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const results: RouteResult[] = [];
  for (const [name, path] of [
    ['GET /tutor, brotli', '/api/tutor'],
    ['GET /portal-announcement, brotli', '/api/portal-announcement'],
  ] as const) {
    results.push(
      await load(name, client.base, 'GET', path, (request) => ({
        ...request,
        headers: { ...auth(client.nextTutor()), ...browserEncodings },
      })),
    );
  }
  return results;
}

function measurePathway(client: LoadClient) {
  return load(
    'POST /functions/getStudentPathway',
    client.base,
    'POST',
    '/api/functions/getStudentPathway',
    (request) => {
      const tutor = client.nextTutor();
      return {
        ...request,
        headers: { ...auth(tutor), ...json },
        body: JSON.stringify({ data: { studentId: tutor.pathwayStudent } }),
      };
    },
  );
}
