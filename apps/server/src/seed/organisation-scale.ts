// An organisation-scale dataset for the API benchmark (bench/api): at scale 1, 2,000 tutors,
// 8,000 students, 150,000 tutoring sessions, 400,000 messages, 300 portal announcements with read
// marks, 20,000 action items and 2,000 pathways of 20 lessons with completions. Every count is
// multiplied by `scale`, so a test can load a small slice of the same shape.
//
// Deterministic: rows come from a seeded PRNG (mulberry32), ids included, and dates are relative
// to `now` (default: today, 00:00 UTC), so the same seed, scale and day give the same rows.
// Fast: rows go in as large JSON batches (json_populate_recordset, one parameter per statement)
// with foreign-key triggers off for the load (session_replication_role = replica; the rows are
// consistent by construction), then VACUUM ANALYZE. Works on PostgreSQL and PGlite alike.

/** One database session: a pg.Client (not a Pool: the session setting must stick) or a PGlite. */
export interface SqlSession {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export const ORGANISATION_SCALE = {
  tutors: 2000,
  students: 8000,
  tutoringSessions: 150_000,
  messages: 400_000,
  portalAnnouncements: 300,
  actionItems: 20_000,
  pathways: 2000,
  lessonsPerPathway: 20,
  weeklyAnnouncements: 20,
} as const;

export interface OrganisationScaleOptions {
  /** Multiplies every count (2,000 tutors at 1; at least one of each). */
  scale?: number;
  seed?: number;
  now?: Date;
  /** Tutors' e-mails are bench.tutorNNNNN@<orgDomain>. */
  orgDomain?: string;
  /** Rows per INSERT statement. */
  batchSize?: number;
  onProgress?: (table: string, rows: number) => void;
}

export interface ScaleStudent {
  id: string;
  hasPathway: boolean;
}

export interface ScaleTutor {
  id: string;
  email: string;
  students: ScaleStudent[];
}

export interface OrganisationDataset {
  tutors: ScaleTutor[];
  /** Rows inserted per table. */
  counts: Record<string, number>;
}

const DAY_MS = 86_400_000;

/** mulberry32: a small, fast, seeded 32-bit PRNG. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const hex = (digits: number) => {
    let out = '';
    while (out.length < digits) out += (int(0x10000) | 0x10000).toString(16).slice(1);
    return out.slice(0, digits);
  };
  /** A version-4-shaped UUID from the PRNG. */
  const uuid = () =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(4)).toString(16)}${hex(3)}-${hex(12)}`;
  return { next, int, pick, uuid };
}

const FIRST_NAMES = [
  'Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farah', 'Gabe', 'Hana', 'Isaac', 'Jada', 'Kofi', 'Lena',
  'Mateo', 'Nora', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tess', 'Umar', 'Vera', 'Wen', 'Yara',
] as const; // biome-ignore format: a word list
const LAST_NAMES = [
  'Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Garcia', 'Hughes', 'Ito', 'Jones', 'Khan', 'Lopez',
  'Moreno', 'Nguyen', 'Okafor', 'Park', 'Reyes', 'Singh', 'Tran', 'Usman', 'Vargas', 'Wright',
] as const; // biome-ignore format: a word list
const WORDS = [
  'today', 'homework', 'great', 'session', 'reading', 'math', 'thanks', 'see', 'you', 'next',
  'week', 'practice', 'fractions', 'chapter', 'question', 'time', 'works', 'please', 'quiz', 'can',
  'we', 'move', 'to', 'Thursday', 'she', 'he', 'did', 'really', 'well', 'on', 'the', 'worksheet',
] as const; // biome-ignore format: a word list
const GRADES = ['3rd', '4th', '5th', '6th', '7th', '8th'] as const;
const SUBJECTS = ['Math', 'Reading', 'Science', 'Writing'] as const;
const TITLE_THRESHOLDS = [
  ['Volunteer Tutor', 0],
  ['Rising Tutor', 600],
  ['Dedicated Tutor', 1500],
  ['Senior Tutor', 3000],
  ['Mentor Tutor', 6000],
] as const;

function count(base: number, scale: number): number {
  return Math.max(1, Math.round(base * scale));
}

function pad(value: number, width = 5): string {
  return String(value).padStart(width, '0');
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function insertJson(
  session: SqlSession,
  table: string,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first)
    .map((name) => `"${name}"`)
    .join(', ');
  await session.query(
    `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(null::"${table}", $1::json)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Inserts the dataset into an empty, migrated database. Returns the tutors with their students'
 * ids (the benchmark signs in as them) and the row counts.
 */
export async function seedOrganisationScale(
  session: SqlSession,
  options: OrganisationScaleOptions = {},
): Promise<OrganisationDataset> {
  const random = createRandom(options.seed ?? 20_240_915);
  const loader = createLoader(session, random, options);
  const population = drawPopulation(
    random,
    options.scale ?? 1,
    options.orgDomain ?? 'tutoring.example.org',
  );
  await session.query('SET session_replication_role = replica');
  try {
    await loadReferenceData(loader);
    await loadTutors(loader, population);
    await loadStudents(loader, population);
    await loadActivity(loader, population);
    await loadAnnouncements(loader, population);
    await loadActionItems(loader, population);
    await loadPathways(loader, population);
  } finally {
    await session.query('SET session_replication_role = DEFAULT');
  }
  await refreshMaintainedColumns(session);
  // VACUUM as well as ANALYZE: a production database's settled rows are all-visible (autovacuum
  // sees to it), so its index-only scans skip the table; a freshly loaded one is not yet.
  await session.query('VACUUM ANALYZE');
  return { tutors: population.tutors, counts: loader.counts };
}

type Random = ReturnType<typeof createRandom>;

/** What every table's load shares: the PRNG, the clock, and the rows inserted per table. */
interface Loader {
  random: Random;
  now: Date;
  /** `days` (and `minutes`) before `now`, as an ISO timestamp. */
  daysAgo: (days: number, minutes?: number) => string;
  /** Inserts `total` rows into `table`, row `index` made by `row`. */
  load: (
    table: string,
    total: number,
    row: (index: number) => Record<string, unknown>,
  ) => Promise<void>;
  counts: Record<string, number>;
}

function createLoader(
  session: SqlSession,
  random: Random,
  options: OrganisationScaleOptions,
): Loader {
  const todayUtc = new Date();
  todayUtc.setUTCHours(0, 0, 0, 0);
  const now = options.now ?? todayUtc;
  const batchSize = options.batchSize ?? 10_000;
  const counts: Record<string, number> = {};
  const daysAgo = (days: number, minutes = 0) =>
    new Date(now.getTime() - days * DAY_MS - minutes * 60_000).toISOString();

  // Batches are built lazily so at most one batch of rows is in memory.
  async function load(
    table: string,
    total: number,
    row: (index: number) => Record<string, unknown>,
  ) {
    for (let start = 0; start < total; start += batchSize) {
      const rows: Array<Record<string, unknown>> = [];
      for (let index = start; index < Math.min(total, start + batchSize); index += 1) {
        rows.push(row(index));
      }
      await insertJson(session, table, rows);
      options.onProgress?.(table, Math.min(total, start + batchSize));
    }
    counts[table] = (counts[table] ?? 0) + total;
  }
  return { random, now, daysAgo, load, counts };
}

/** The tutors and students, with their ids, and which students have a pathway. */
interface Population {
  scale: number;
  tutorCount: number;
  studentCount: number;
  pathwayCount: number;
  tutorIds: string[];
  studentIds: string[];
  /** The id of the tutor of student `student`. */
  tutorOf: (student: number) => string;
  tutors: ScaleTutor[];
}

function drawPopulation(random: Random, scale: number, orgDomain: string): Population {
  const tutorCount = count(ORGANISATION_SCALE.tutors, scale);
  const studentCount = Math.max(tutorCount, count(ORGANISATION_SCALE.students, scale));
  const pathwayCount = Math.min(studentCount, count(ORGANISATION_SCALE.pathways, scale));

  const tutorIds = Array.from({ length: tutorCount }, () => random.uuid());
  const studentIds = Array.from({ length: studentCount }, () => random.uuid());
  // Student i belongs to tutor i mod T, so each tutor's first student is the one with index < T;
  // students 0..P-1 have a pathway.
  const tutorOf = (student: number) => tutorIds[student % tutorCount] as string;
  const tutors: ScaleTutor[] = tutorIds.map((id, index) => ({
    id,
    email: `bench.tutor${pad(index)}@${orgDomain}`,
    students: [],
  }));
  studentIds.forEach((id, index) => {
    tutors[index % tutorCount]?.students.push({ id, hasPathway: index < pathwayCount });
  });
  return { scale, tutorCount, studentCount, pathwayCount, tutorIds, studentIds, tutorOf, tutors };
}

/** Title thresholds, pre-assessment forms and weekly announcements. */
async function loadReferenceData({ load, random, daysAgo }: Loader) {
  await load('title_thresholds', TITLE_THRESHOLDS.length, (index) => {
    const [title, minMinutes] = TITLE_THRESHOLDS[index] as (typeof TITLE_THRESHOLDS)[number];
    return { title, min_minutes: minMinutes };
  });
  await load('pre_assessment_forms', GRADES.length, (index) => ({
    grade: GRADES[index],
    url: `https://forms.example.org/pre-assessment/unit-1-grade-${GRADES[index]}`,
  }));
  await load('weekly_announcements', ORGANISATION_SCALE.weeklyAnnouncements, (index) => ({
    id: random.uuid(),
    title: `Week ${index + 1} update`,
    content: `Tips and reminders for week ${index + 1}.`,
    created_at: daysAgo((ORGANISATION_SCALE.weeklyAnnouncements - index) * 7),
  }));
}

async function loadTutors({ load, random, daysAgo }: Loader, population: Population) {
  const { tutorCount, tutorIds, tutors } = population;
  await load('tutors', tutorCount, (index) => ({
    id: tutorIds[index],
    tutor_code: `TUT-B${pad(index)}`,
    external_record_id: `recBench${pad(index)}`,
    first_name: random.pick(FIRST_NAMES),
    last_name: random.pick(LAST_NAMES),
    email: tutors[index]?.email,
    availability: 'Monday 16:00-18:00, Thursday 16:00-18:00',
    capacity: 2 + random.int(4),
    first_matched_at: daysAgo(200 + random.int(400)),
    has_new_announcement: random.next() < 0.3,
    created_at: daysAgo(400 + random.int(400)),
  }));
}

async function loadStudents({ load, random, daysAgo }: Loader, population: Population) {
  const { studentCount, studentIds, tutorOf } = population;
  await load('students', studentCount, (index) => {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const grade = random.pick(GRADES);
    return {
      id: studentIds[index],
      tutor_id: tutorOf(index),
      student_code: `STU-B${pad(index, 6)}`,
      first_name: firstName,
      last_name: lastName,
      guardian_first_name: random.pick(FIRST_NAMES),
      guardian_last_name: lastName,
      guardian_phone: `+1555${pad(1_000_000 + index, 7)}`,
      student_language: 'English',
      language: 'English',
      district: `District ${1 + random.int(40)}`,
      school: `School ${1 + random.int(400)}`,
      grade,
      program_type: '1:1 Virtual Tutoring',
      first_matched_at: daysAgo(30 + random.int(300)),
      availability: 'Tuesday 16:00-17:00',
      tutoring_code: `CODE-${pad(index, 6)}`,
      information: {
        'Grade Level': `${grade} Grade`,
        'Math Tool Username': `student${index}`,
      },
      math_tool_id: `MT-${pad(index, 6)}`,
      subjects: [random.pick(SUBJECTS), random.pick(SUBJECTS)].filter(
        (subject, position, all) => all.indexOf(subject) === position,
      ),
      forwarding_number: `+1555${pad(2_000_000 + index, 7)}`,
    };
  });
}

/** Tutoring sessions and messages. */
async function loadActivity({ load, random, daysAgo, now }: Loader, population: Population) {
  const { scale, studentCount, studentIds, tutorOf } = population;
  // Sessions: student j mod S, roughly weekly going back from yesterday.
  const sessionsTotal = count(ORGANISATION_SCALE.tutoringSessions, scale);
  await load('tutoring_sessions', sessionsTotal, (index) => {
    const student = index % studentCount;
    const week = Math.floor(index / studentCount);
    return {
      id: random.uuid(),
      tutor_id: tutorOf(student),
      student_id: studentIds[student],
      session_date: isoDate(new Date(now.getTime() - (1 + week * 7 + random.int(7)) * DAY_MS)),
      minutes: random.pick([30, 45, 60, 60, 90]),
      created_at: daysAgo(week * 7),
    };
  });

  // Messages: student j mod S; message k of a conversation is about 2 days after message k-1.
  const messagesTotal = count(ORGANISATION_SCALE.messages, scale);
  const perConversation = Math.ceil(messagesTotal / studentCount);
  await load('messages', messagesTotal, (index) => {
    const student = index % studentCount;
    const position = Math.floor(index / studentCount);
    const author = random.next();
    const fromTutor = author < 0.5;
    const admin = !fromTutor && author > 0.95;
    const words = 3 + random.int(14);
    let body = '';
    for (let word = 0; word < words; word += 1) body += `${word ? ' ' : ''}${random.pick(WORDS)}`;
    return {
      id: random.uuid(),
      student_id: studentIds[student],
      tutor_id: tutorOf(student),
      body,
      from_tutor: fromTutor,
      message_type: admin ? 'admin' : 'activity',
      delivery_status: fromTutor ? 'delivered' : 'received',
      provider_message_id: `SMbench${pad(index, 7)}`,
      sent_at: daysAgo((perConversation - position) * 2, random.int(1440)),
    };
  });
}

/** Portal announcements and the tutors' read marks. */
async function loadAnnouncements({ load, random, daysAgo }: Loader, population: Population) {
  const { scale, tutorCount, tutorIds } = population;
  const announcementCount = count(ORGANISATION_SCALE.portalAnnouncements, scale);
  const announcementIds = Array.from({ length: announcementCount }, () => random.uuid());
  await load('portal_announcements', announcementCount, (index) => ({
    id: announcementIds[index],
    subject: `Announcement ${index + 1}`,
    message: `<p>News for tutors, number ${index + 1}: ${random.pick(WORDS)} ${random.pick(WORDS)}.</p>`,
    created_at: daysAgo(announcementCount - index),
  }));
  // Read marks: each tutor has read the oldest r of them, r uniform in 0..A.
  const reads: Array<[tutor: number, announcement: number]> = [];
  for (let tutor = 0; tutor < tutorCount; tutor += 1) {
    const read = random.int(announcementCount + 1);
    for (let announcement = 0; announcement < read; announcement += 1) {
      reads.push([tutor, announcement]);
    }
  }
  await load('portal_announcement_reads', reads.length, (index) => {
    const [tutor, announcement] = reads[index] as [number, number];
    return {
      tutor_id: tutorIds[tutor],
      announcement_id: announcementIds[announcement],
      read_at: daysAgo(announcementCount - announcement - 1),
    };
  });
}

async function loadActionItems({ load, random, daysAgo }: Loader, population: Population) {
  const { scale, tutorCount, tutorIds } = population;
  await load('action_items', count(ORGANISATION_SCALE.actionItems, scale), (index) => {
    const completed = random.next() < 0.4;
    return {
      id: random.uuid(),
      tutor_id: tutorIds[index % tutorCount],
      title: `Action item ${index + 1}`,
      description: 'Please complete this task.',
      url: random.next() < 0.5 ? `https://learn.example.org/tasks/${index}` : null,
      automatic_completion: random.next() < 0.2,
      completed_at: completed ? daysAgo(random.int(30)) : null,
      created_at: daysAgo(30 + random.int(60)),
    };
  });
}

/** Pathways, their lessons, and the lessons completed. */
async function loadPathways({ load, random, daysAgo }: Loader, population: Population) {
  const { pathwayCount, studentIds } = population;
  const pathwayIds = Array.from({ length: pathwayCount }, () => random.uuid());
  await load('pathways', pathwayCount, (index) => ({
    id: pathwayIds[index],
    student_id: studentIds[index],
    name: `Grade ${random.pick(GRADES)} Math Pathway`,
    intro_description: 'Start with a check-in, then the lesson of the day.',
    intro_activities: {
      'Rose and Thorn': { description: 'Ask about the week.' },
      'Quick Review': { description: 'Two review problems.' },
    },
    assessment_result: random.pick(['Passed', 'Failed', '']),
    created_at: daysAgo(60),
  }));
  const lessonsPerPathway = ORGANISATION_SCALE.lessonsPerPathway;
  const lessonIds = Array.from({ length: pathwayCount * lessonsPerPathway }, () => random.uuid());
  await load('lessons', lessonIds.length, (index) => {
    const position = (index % lessonsPerPathway) + 1;
    return {
      id: lessonIds[index],
      pathway_id: pathwayIds[Math.floor(index / lessonsPerPathway)],
      position,
      name: `Lesson ${position}`,
      url: `https://learn.example.org/lessons/${Math.floor(index / lessonsPerPathway)}-${position}`,
      topic: random.pick(['Fractions', 'Decimals', 'Geometry', 'Ratios']),
      additional: position > 18,
    };
  });
  // Completions: the first c lessons of each pathway, c uniform in 0..20.
  const completions: Array<[pathway: number, lesson: number]> = [];
  for (let pathway = 0; pathway < pathwayCount; pathway += 1) {
    const done = random.int(lessonsPerPathway + 1);
    for (let lesson = 0; lesson < done; lesson += 1) completions.push([pathway, lesson]);
  }
  await load('lesson_completions', completions.length, (index) => {
    const [pathway, lesson] = completions[index] as [number, number];
    return {
      student_id: studentIds[pathway],
      lesson_id: lessonIds[pathway * lessonsPerPathway + lesson],
      completed_at: daysAgo(lessonsPerPathway - lesson),
    };
  });
}

/**
 * The columns triggers keep while the application writes (migrations 0002, 0015 and 0016),
 * computed once for rows loaded with the triggers off: tutors' session totals, students' last
 * session, last message, unread count (no tutor has read anything) and texts needing attention.
 */
async function refreshMaintainedColumns(session: SqlSession): Promise<void> {
  await session.query(
    `UPDATE tutors SET session_count = totals.sessions, session_minutes = totals.minutes
     FROM (
       SELECT tutor_id, count(*)::integer AS sessions, sum(minutes)::integer AS minutes
       FROM tutoring_sessions GROUP BY tutor_id
     ) AS totals
     WHERE tutors.id = totals.tutor_id`,
  );
  await session.query(
    `UPDATE students SET
       last_session_date = (
         SELECT max(session_date) FROM tutoring_sessions WHERE student_id = students.id),
       last_message_id = student_last_message_id(students.id),
       unread_count = student_unread_count(students.id, students.tutor_id),
       (attention_count, attention_message_id) = (
         SELECT total, newest FROM student_attention(students.id, students.tutor_id))`,
  );
}

/**
 * Multiplies the tutoring sessions and messages by `factor`: each existing row gets factor-1
 * copies further in the past (ids derived from the original id, so still deterministic). The
 * benchmark's growth step uses it to see how the hot routes scale with history.
 */
export async function multiplyActivity(
  session: SqlSession,
  factor: number,
): Promise<Record<string, number>> {
  const copies = Math.round(factor) - 1;
  if (copies < 1) return {};
  await session.query('SET session_replication_role = replica');
  try {
    await session.query(
      `INSERT INTO tutoring_sessions (id, tutor_id, student_id, session_date, minutes, created_at)
       SELECT md5(s.id::text || ':' || k)::uuid, s.tutor_id, s.student_id,
              s.session_date - k * 140, s.minutes, s.created_at - k * interval '140 days'
       FROM tutoring_sessions s, generate_series(1, $1::int) k`,
      [copies],
    );
    await session.query(
      `INSERT INTO messages (id, student_id, tutor_id, body, from_tutor, message_type,
                             delivery_status, provider_message_id, failure_reason, sent_at)
       SELECT md5(m.id::text || ':' || k)::uuid, m.student_id, m.tutor_id, m.body, m.from_tutor,
              m.message_type, m.delivery_status,
              CASE WHEN m.provider_message_id IS NULL THEN NULL ELSE m.provider_message_id || '~' || k END,
              m.failure_reason, m.sent_at - k * interval '120 days'
       FROM messages m, generate_series(1, $1::int) k`,
      [copies],
    );
  } finally {
    await session.query('SET session_replication_role = DEFAULT');
  }
  await refreshMaintainedColumns(session);
  // Students and tutors too: refreshMaintainedColumns rewrote every row of both, and until a
  // vacuum each read of one walks past its dead version (autovacuum would clear them in
  // production; the growth step measures right after).
  await session.query('VACUUM ANALYZE tutoring_sessions, messages, students, tutors');
  const result: Record<string, number> = {};
  for (const table of ['tutoring_sessions', 'messages']) {
    const rows = (await session.query(`SELECT count(*)::int AS n FROM ${table}`)) as {
      rows: Array<{ n: number }>;
    };
    result[table] = rows.rows[0]?.n ?? 0;
  }
  return result;
}
