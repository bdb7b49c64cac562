import { textFromEnv } from './readEnv';

/** Base of every REST call and callable (CONVENTIONS: the server mounts the contract under /api). */
export const apiBaseUrl: string = textFromEnv(import.meta.env.VITE_API_BASE_URL, '/api');
