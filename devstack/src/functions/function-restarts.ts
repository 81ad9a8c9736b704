// A function whose Deno process dies while the stack runs is started again, as Supabase's edge runtime boots a fresh
// worker for the next request instead of going down: the death is logged and counted, and the gateway waits for the
// new process (on a new port) before routing to it. Until the stack has started, a death is reported instead, so a
// function that cannot even start fails the start; so does one that dies and then cannot be started again. A function
// with several processes (a job worker) has each restarted on its own death, the others untouched. replace() swaps a
// process for a fresh one on purpose (a test's settings override, see cli/stack.ts), requests held until it listens.
import type { EdgeFunction } from "./functions-config.ts";
import type { RunningFunction } from "./functions.ts";

export interface FunctionProcess {
  readonly name: string;
  /** Which of the function's processes (functions-config.ts: instancesOf), from 1. */
  readonly instance: number;
  readonly port: number;
  readonly pid: number;
  /** How many times the process died and was started again. */
  readonly restarts: number;
}

export interface RestartingFunction extends FunctionProcess {
  readonly verifyJwt: boolean;
  /** Resolves once the function can take a request: at once, or when the process being restarted listens. */
  ready(): Promise<void>;
  /** From now on a death means a restart. */
  allowRestarts(): void;
  /** Stops the process and starts another with `start` (which may read new settings); requests wait for it. */
  replace(): Promise<void>;
  /** Resolves with the reason when the function died before restarts were allowed, or could not be restarted. */
  readonly death: Promise<string>;
  stop(): Promise<void>;
}

export function restartingFunction(
  first: RunningFunction,
  start: () => Promise<RunningFunction>,
  log: (line: string) => void,
): RestartingFunction {
  let current = first;
  let restarts = 0;
  let restartsAllowed = false;
  let stopped = false;
  let restarting: Promise<void> | undefined;
  // The process replace() is stopping: its exit is expected, not a death to restart.
  let retiring: RunningFunction | undefined;
  /** Holds requests (ready()) until `work` ends; it never rejects, a failure being reported as the death. */
  const hold = (work: Promise<void>) => {
    const held: Promise<void> = work.finally(() => {
      if (restarting === held) restarting = undefined;
    });
    restarting = held;
  };
  let reportDeath!: (reason: string) => void;
  const death = new Promise<string>((resolve) => (reportDeath = resolve));

  const watch = (running: RunningFunction) => {
    void running.death.then((reason) => {
      if (stopped || running === retiring) return;
      if (!restartsAllowed) return reportDeath(reason);
      log(`function ${running.label} died (${reason.split("\n")[0]}); starting it again`);
      hold(
        start()
          .then((replacement) => {
            restarts += 1;
            // stop() waits for a restart under way, then stops whichever process is current.
            current = replacement;
            log(`function ${running.label} is back (restart ${restarts}, pid ${replacement.pid}, port ${replacement.port})`);
            watch(replacement);
          })
          .catch((error: unknown) => reportDeath(`it died (${reason}) and could not be started again: ${String(error)}`)),
      );
    });
  };
  watch(first);

  return {
    name: first.name,
    instance: first.instance,
    verifyJwt: first.verifyJwt,
    get port() {
      return current.port;
    },
    get pid() {
      return current.pid;
    },
    get restarts() {
      return restarts;
    },
    ready: async () => await restarting,
    allowRestarts: () => (restartsAllowed = true),
    replace: () => {
      const earlier = restarting;
      const replacing = (async () => {
        await earlier;
        retiring = current;
        await current.stop();
        current = await start();
        log(`function ${current.label} was replaced (pid ${current.pid}, port ${current.port})`);
        watch(current);
      })();
      hold(replacing.catch((error: unknown) => reportDeath(`it could not be replaced: ${String(error)}`)));
      return replacing;
    },
    death,
    stop: async () => {
      stopped = true;
      await restarting;
      await current.stop();
    },
  };
}

/** Starts each of the function's processes (fn.instances), every one restarted on its own death by `start` again. */
export function startInstances(
  fn: EdgeFunction,
  start: (instance: number, signal?: AbortSignal) => Promise<RunningFunction>,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<RestartingFunction>[] {
  return Array.from({ length: fn.instances }, async (_, index) => {
    const instance = index + 1;
    return restartingFunction(await start(instance, signal), () => start(instance), log);
  });
}
