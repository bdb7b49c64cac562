// The cursors of the integration API's pages: the position of the page's last row (its time and
// id), opaque to callers. Times are stored with milliseconds, as a Date holds them, so a cursor
// names its row exactly.
import { invalidArgument } from '../../http/errors.ts';

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) {
    throw invalidArgument('cursor is not one this API gave out.');
  }
  return { at: date, id };
}
