/** A running server: its base URL and a way to stop it. */
export interface Running {
  url: string;
  close: () => Promise<void>;
}
export const FORECOURT_BIN: string;
export function freePort(): Promise<number>;
export function inlineJson(value: unknown): string;
/** A running `forecourt serve` with its admin token (for POST /api/v1/admin/import). */
export function startHost(options?: {
  bin?: string;
  log?: boolean;
  /** Extra variables for the child, merged over this process's environment. */
  env?: Record<string, string>;
}): Promise<Running & { adminToken: string }>;
export function startUiServer(options?: {
  port?: number;
  backend?: string;
  inline?: boolean;
  shellDist?: string;
  plugins?: string;
}): Promise<Running & { port: number }>;
