// The integration API's feeds (students, applicants, texts' outcomes): pages of rows in the order
// their transactions committed, as far as that order is known, so that a system polling with the
// cursor never passes a row that commits later.
//
// A row's updated_at is stamped before its transaction commits: a long transaction (a CSV import)
// can commit rows stamped earlier than those of a shorter one that committed first, and a reader
// that had moved past the shorter one's rows never saw them. Each row also records the transaction
// that last changed it (feed_xid, migration 0020), and a page only holds rows whose transaction is
// older than the oldest one still running (pg_snapshot_xmin of the statement's own snapshot, on
// PostgreSQL as on PGlite): every such transaction has ended, so no row can appear later at a
// position before the page's end. Pages are ordered by (feed_xid, updated_at, id) and the cursor is
// that position; a page that is not full moves the cursor up to the watermark itself.
import { and, type Column, gte, lt, type SQL, sql } from 'drizzle-orm';
import { invalidArgument } from '../../http/errors.ts';
import { decodeCursor } from './cursor.ts';

/** Where a feed read goes on from: after this (transaction, time, id). */
export interface FeedPosition {
  xid: string;
  at: Date;
  id: string;
}

const NIL_ID = '00000000-0000-0000-0000-000000000000';
const EPOCH = new Date(0);
const FEED_PREFIX = 'f1|';

export function encodeFeedCursor(position: FeedPosition): string {
  const { xid, at, id } = position;
  return Buffer.from(`${FEED_PREFIX}${xid}|${at.toISOString()}|${id}`).toString('base64url');
}

/**
 * A feed cursor. Time cursors of the feeds before migration 0020 (ordered by updated_at alone,
 * which could skip rows) are refused with a 400 that says where to start again.
 */
export function decodeFeedCursor(cursor: string): FeedPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(FEED_PREFIX)) {
    let old: { at: Date } | undefined;
    try {
      old = decodeCursor(cursor);
    } catch {
      old = undefined;
    }
    if (old) {
      throw invalidArgument(
        'This cursor is from the feed before it kept commit order and is no longer accepted; ' +
          `read again with updatedSince=${old.at.toISOString()} and keep the pollCursor of the ` +
          'answers from then on.',
      );
    }
    throw invalidArgument('cursor is not one this API gave out.');
  }
  const [xid, at, id] = text.slice(FEED_PREFIX.length).split('|');
  const date = new Date(at ?? '');
  if (!xid || !/^\d{1,20}$/.test(xid) || !id || !/^[0-9a-f-]{36}$/.test(id)) {
    throw invalidArgument('cursor is not one this API gave out.');
  }
  if (Number.isNaN(date.getTime())) throw invalidArgument('cursor is not one this API gave out.');
  return { xid, at: date, id };
}

/** The columns of a feed's table. */
interface FeedColumns {
  feedXid: Column;
  updatedAt: Column;
  id: Column;
}

/** The statement's watermark: every transaction before it has ended. */
const WATERMARK = sql`pg_snapshot_xmin(pg_current_snapshot())`;

/** What a feed query selects besides its own columns: the position and the watermark. */
export function feedSelection(table: FeedColumns) {
  return {
    feedXid: sql<string>`${table.feedXid}::text`,
    watermark: sql<string>`${WATERMARK}::text`,
  };
}

/** The feed's condition: rows of ended transactions, after the cursor and from updatedSince. */
export function feedCondition(
  table: FeedColumns,
  options: { after: FeedPosition | undefined; updatedSince: Date | undefined },
): SQL | undefined {
  const { after } = options;
  return and(
    lt(table.feedXid, WATERMARK),
    options.updatedSince ? gte(table.updatedAt, options.updatedSince) : undefined,
    after
      ? sql`(${table.feedXid}, ${table.updatedAt}, ${table.id}) > (${after.xid}::xid8, ${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );
}

/** The order of a feed. */
export function feedOrder(table: FeedColumns): SQL[] {
  return [sql`${table.feedXid}`, sql`${table.updatedAt}`, sql`${table.id}`];
}

/**
 * A page's cursors. `nextCursor`: the page was full, more rows may follow now. `pollCursor`: where
 * the next read starts, now or later, to see every row once; null only when the read had no
 * cursor and found nothing (read again the same way).
 */
export function feedCursors(
  rows: Array<{ feedXid: string; watermark: string; updatedAt: Date; id: string }>,
  limit: number,
  cursor: string | undefined,
): { nextCursor: string | null; pollCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length > limit && last) {
    const next = encodeFeedCursor({ xid: last.feedXid, at: last.updatedAt, id: last.id });
    return { nextCursor: next, pollCursor: next };
  }
  // Not full: every row before the watermark has been read; the next one is at or after it.
  const first = rows[0];
  if (first) {
    return {
      nextCursor: null,
      pollCursor: encodeFeedCursor({ xid: first.watermark, at: EPOCH, id: NIL_ID }),
    };
  }
  return { nextCursor: null, pollCursor: cursor ?? null };
}

/** The cursor of a read, decoded, or undefined. */
export function feedAfter(cursor: string | undefined): FeedPosition | undefined {
  return cursor ? decodeFeedCursor(cursor) : undefined;
}
