// The probe workers of a stack (edge-functions/probe-worker/main.ts, a long-running Deno process, not an Edge
// Function). The dev stack starts one with itself; the test and bench stacks start none, so every validation there
// says no worker checked the mailbox, and a test that wants probing starts its own through the gateway's
// /_devstack/probe-workers. A worker that dies (a test kills one on purpose) is only logged: the stack runs on, as
// production's does when a worker host goes.
import { join } from "node:path";
import { paths } from "../cli/paths.ts";
import { describeServerExit, startServer, type SupervisedServer } from "../cli/processes.ts";
import { denoRuntimeEnv } from "../functions/functions.ts";

export interface ProbeWorkerStatus {
  /** Its heartbeat row's id (public.probe_workers). */
  id: string;
  pid: number;
  startedAt: string;
}

export interface ProbeWorkers {
  /** Starts a worker and resolves once its heartbeat row exists; `settings` over the stack's (null unsets one), as a
   * test's shorter SMTP_PROBE_TIMEOUT_SECONDS. */
  start(settings?: Record<string, string | null>): Promise<ProbeWorkerStatus>;
  /** The workers running now. */
  list(): ProbeWorkerStatus[];
  /** Asks the worker to stop (SIGTERM) and resolves once it has exited; false when there is no such worker. */
  stop(id: string): Promise<boolean>;
  stopAll(): Promise<void>;
}

/** The EHLO name and sender devstack's workers use when the settings leave them empty; nothing here reaches a real
 * mail server, whose operators would want a name that resolves back to the sending host. */
export const LOCAL_PROBE_IDENTITY = { SMTP_PROBE_HELO: "probe.mailscout.test", SMTP_PROBE_MAIL_FROM: "verify@mailscout.test" };

// The first start downloads the worker's npm packages into Deno's cache.
const READY_TIMEOUT_MS = 5 * 60_000;
// Longer than the worker's own grace for its conversations (STOP_GRACE_MS) plus giving its probes back.
const STOP_GRACE_MS = 15_000;
const READY_LINE = /^probe worker ([0-9a-f-]{36}) is ready$/;

/** `env`: the stack's settings for its functions plus the worker's own (SMTP_PROBE_*). */
export function probeWorkers(options: { env: Record<string, string>; log: (line: string) => void }): ProbeWorkers {
  const running = new Map<string, ProbeWorkerStatus & { server: SupervisedServer }>();
  const env = { ...options.env };
  for (const [name, value] of Object.entries(LOCAL_PROBE_IDENTITY)) if (!env[name]) env[name] = value;

  async function start(settings: Record<string, string | null> = {}): Promise<ProbeWorkerStatus> {
    const workerEnv = { ...env };
    for (const [name, value] of Object.entries(settings)) {
      if (value === null) delete workerEnv[name];
      else workerEnv[name] = value;
    }
    let announce!: (id: string) => void;
    const ready = new Promise<string>((resolve) => (announce = resolve));
    const server = await startServer(
      paths.deno,
      [
        "run",
        "--allow-net",
        "--allow-env",
        "--allow-read",
        "--allow-sys",
        "--config",
        join(paths.repoRoot, "edge-functions/deno.json"),
        join(paths.repoRoot, "edge-functions/probe-worker/main.ts"),
      ],
      {
        cwd: paths.repoRoot,
        env: { ...denoRuntimeEnv(), ...workerEnv },
        stopSignal: "SIGTERM",
        forceSignal: "SIGKILL",
        gracePeriodMs: STOP_GRACE_MS,
        onLine: (line) => {
          const match = READY_LINE.exec(line);
          if (match) announce(match[1]!);
          else if (!line.startsWith("Download ")) options.log(line);
        },
      },
    );
    const death = server.death.then((exit) => describeServerExit("A probe worker", exit));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no probe worker was ready within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
    });
    let id: string;
    try {
      id = await Promise.race([ready, death.then((why) => Promise.reject(new Error(why))), timeout]);
    } catch (error) {
      await server.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const status = { id, pid: server.pid, startedAt: new Date().toISOString() };
    running.set(id, { ...status, server });
    void death.then((why) => {
      running.delete(id);
      options.log(why);
    });
    return status;
  }

  async function stop(id: string): Promise<boolean> {
    const worker = running.get(id);
    if (!worker) return false;
    await worker.server.stop();
    running.delete(id);
    return true;
  }

  return {
    start,
    list: () => [...running.values()].map(({ id, pid, startedAt }) => ({ id, pid, startedAt })),
    stop,
    async stopAll() {
      await Promise.all([...running.keys()].map(stop));
    },
  };
}
