// GET /health: one probe per component of the stack, each with a time limit, so a hung component reads as down.
export interface ComponentHealth {
  up: boolean;
  /** Why the component is down. */
  error?: string;
}

export interface HealthReport {
  healthy: boolean;
  components: Record<string, ComponentHealth>;
}

/** A probe resolves when its component works and throws (saying why) when it does not. */
export type Probe = () => Promise<void>;

export async function checkHealth(probes: Record<string, Probe>, timeoutMs = 2000): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]): Promise<[string, ComponentHealth]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([probe(), timeout]);
        return [name, { up: true }];
      } catch (error) {
        return [name, { up: false, error: error instanceof Error ? error.message : String(error) }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { healthy: entries.every(([, health]) => health.up), components: Object.fromEntries(entries) };
}
