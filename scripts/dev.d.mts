export interface DevLoopService {
  name: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 20,000 characters it printed (with `quiet`). */
  output(): string;
}

export interface DevLoop {
  url: string;
  dataDir: string;
  server: DevLoopService;
  portal: DevLoopService;
  stop(): Promise<void>;
}

export declare function startDevLoop(options?: {
  port?: number;
  serverPort?: number;
  authPort?: number;
  hubPort?: number;
  loggingPort?: number;
  dataDir?: string;
  fresh?: boolean;
  quiet?: boolean;
}): Promise<DevLoop>;
