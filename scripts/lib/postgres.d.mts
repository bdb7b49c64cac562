export declare function findPostgresBin(): string | null;

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
