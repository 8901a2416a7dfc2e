export declare const CONTROL_SOCKET: string;
export declare function sendControlCommand(
  dataDir: string,
  command: string,
  args: Record<string, unknown>,
  timeoutMs?: number,
): Promise<({ ok: true } & Record<string, unknown>) | { ok: false; error: string } | null>;
