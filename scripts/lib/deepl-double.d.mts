export declare const DEEPL_DOUBLE_KEY: string;

export interface DeepLDoubleCall {
  text: string[];
  target_lang: string;
}

export interface DeepLDouble {
  url: string;
  key: string;
  calls(): DeepLDoubleCall[];
  fail(status?: number, count?: number): void;
  reset(): void;
  stop(): Promise<void>;
}

export declare function startDeepLDouble(options?: { port?: number }): Promise<DeepLDouble>;
