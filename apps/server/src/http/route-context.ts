import type { Database } from '../db/open.ts';
import type { OperationContext } from './operations.ts';

/** What a module's routes get: the contract machinery, the database and the clock. */
export interface RouteContext extends OperationContext {
  db: Database;
  now: () => Date;
}
