/** One JSON line per event on stdout; quiet in tests unless LOG_LEVEL asks for it. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(options: { enabled: boolean; write?: (line: string) => void }): Logger {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const log = (level: string) => (event: string, fields: Record<string, unknown> = {}) => {
    if (options.enabled) write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
  };
  return { info: log('info'), error: log('error') };
}

export const silentLogger: Logger = jsonLogger({ enabled: false });
