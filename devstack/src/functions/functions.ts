// Edge functions on real Deno: each function in its own Deno process, started through deno/serve-function.ts (which
// supplies what Supabase's edge runtime adds to plain Deno) on a port of its own that only the gateway talks to.
import { pathToFileURL } from "node:url";
import type { EdgeFunction } from "./functions-config.ts";
import { paths } from "../cli/paths.ts";
import { freePort, waitForPort } from "../cli/ports.ts";
import { describeServerExit, startServer } from "../cli/processes.ts";

// The first start downloads the function's npm packages into Deno's cache, which can take minutes.
const READY_TIMEOUT_MS = 5 * 60_000;
const SLOW_START_MS = 10_000;

// What Deno itself needs from the developer's environment: where its cache is, where npm packages come from and which
// certificate authorities to trust when fetching them. Nothing else of that environment reaches a function, as on
// Supabase.
const DENO_RUNTIME_VARIABLES = [
  "PATH",
  "HOME",
  "DENO_DIR",
  "NPM_CONFIG_REGISTRY",
  "DENO_CERT",
  "DENO_TLS_CA_STORE",
  // Deno honours it as Node does: behind a TLS-inspecting proxy it names the authority that lets Deno reach npm.
  "NODE_EXTRA_CA_CERTS",
];

/** The part of the developer's environment any Deno process devstack starts needs. */
export function denoRuntimeEnv(): Record<string, string> {
  return {
    ...Object.fromEntries(
      DENO_RUNTIME_VARIABLES.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])),
    ),
    DENO_NO_UPDATE_CHECK: "1",
  };
}

export interface RunningFunction {
  name: string;
  /** Which of the function's processes this is, from 1. */
  instance: number;
  /** The name in log lines: with the instance when the function has several. */
  label: string;
  port: number;
  /** The Deno process's id (the bench reads its memory). */
  pid: number;
  verifyJwt: boolean;
  /** Resolves if the Deno process exits on its own, saying why. */
  death: Promise<string>;
  stop(): Promise<void>;
}

export async function startFunction(
  fn: EdgeFunction,
  options: { env: Record<string, string>; log: (line: string) => void; signal?: AbortSignal; instance?: number },
): Promise<RunningFunction> {
  const instance = options.instance ?? 1;
  const label = fn.instances > 1 ? `${fn.name}#${instance}` : fn.name;
  const port = await freePort();
  const imports = !fn.imports
    ? ["--no-config"]
    : fn.imports.kind === "config"
      ? ["--config", fn.imports.path]
      : ["--import-map", fn.imports.path];
  const runtimeEnv = denoRuntimeEnv();
  let announcedDownload = false;
  const server = await startServer(
    paths.deno,
    ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", ...imports, paths.serveFunction],
    {
      cwd: paths.repoRoot,
      env: {
        ...runtimeEnv,
        ...options.env,
        DEVSTACK_FUNCTION_PORT: String(port),
        DEVSTACK_FUNCTION_ENTRYPOINT: pathToFileURL(fn.entrypoint).href,
      },
      stopSignal: "SIGTERM",
      forceSignal: "SIGKILL",
      // Long enough for EdgeRuntime.waitUntil tasks to finish, as they would before a worker is recycled.
      gracePeriodMs: 10_000,
      onLine: (line) => {
        // Deno lists every package it fetches; one line says it is happening.
        if (line.startsWith("Download ")) {
          if (!announcedDownload) options.log(`${label}: downloading npm packages into Deno's cache (first run only)`);
          announcedDownload = true;
          return;
        }
        options.log(`[${label}] ${line}`);
      },
    },
  );
  const death = server.death.then((exit) => describeServerExit("Deno", exit));
  let exitReason: string | undefined;
  void death.then((why) => (exitReason = why));
  try {
    await waitForPort(port, {
      timeoutMs: READY_TIMEOUT_MS,
      failure: () => exitReason ?? (options.signal?.aborted ? "start-up was interrupted" : undefined),
      slowAfterMs: SLOW_START_MS,
      onSlow: () => options.log(`${label}: still starting (a first run can take a few minutes)`),
    });
  } catch (error) {
    await server.stop();
    throw new Error(`Function ${label} did not start: ${(error as Error).message}`);
  }
  return { name: fn.name, instance, label, port, pid: server.pid, verifyJwt: fn.verifyJwt, death, stop: server.stop };
}
