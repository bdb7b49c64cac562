export declare function findPostgresBin(): string | null;

/** A client tool (createdb, dropdb, psql) against the server at adminUrl; its output, or null. */
export declare function postgresTool(adminUrl: URL, name: string, args: string[]): string | null;

/** A new database on the server at adminUrl; its URL. */
export declare function createDatabase(adminUrl: URL, name: string): URL;

export interface TestPostgres {
  url: string;
  logFile: string;
  pid(): number;
  /** Stops the server and keeps its data (an outage); startServer starts it again. */
  stopServer(): Promise<void>;
  /** Starts the stopped server again on the same data directory and port. */
  startServer(): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

export declare function startPostgres(options: {
  port: number;
  settings?: Record<string, string | number>;
}): Promise<TestPostgres>;
