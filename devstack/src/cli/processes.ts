// The child processes devstack runs: one-shot commands (initdb, psql, the Supabase CLI, vite) whose failure carries
// their output, and long-running servers (Postgres, Deno) that are supervised, so an unexpected exit is reported with
// its cause instead of leaving a half-working stack.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface RunAs {
  uid: number;
  gid: number;
}

export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as another OS user (PostgreSQL's server binaries refuse root). */
  user?: RunAs;
}

export interface CommandResult {
  stdout: string;
  stderr: string;
}

export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly exit: string,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(`${command} failed (${exit})${formatTail(stderr || stdout)}`);
  }
}

/** Runs a command to completion and resolves with its output; rejects with a CommandError when it fails. */
export function runCommand(command: string, args: string[], options: CommandOptions = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      uid: options.user?.uid,
      gid: options.user?.gid,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new CommandError(`${command} ${args.join(" ")}`, describeExit(code, signal), stdout, stderr));
    });
  });
}

export interface ServerOptions extends CommandOptions {
  /** The signal that asks this server to shut down cleanly. */
  stopSignal: NodeJS.Signals;
  /** Sent when the server has not exited this long after stopSignal. */
  forceSignal: NodeJS.Signals;
  gracePeriodMs: number;
  /** Every line the server writes, stdout and stderr alike. */
  onLine?: (line: string) => void;
}

export interface ServerExit {
  /** "exit code 1", "killed by SIGKILL" */
  exit: string;
  lastLines: string[];
}

export interface SupervisedServer {
  readonly pid: number;
  /** Resolves (never rejects) when the server exits without having been asked to. */
  readonly death: Promise<ServerExit>;
  /** Asks the server to stop and resolves once it has exited. Safe to call more than once. */
  stop(): Promise<void>;
}

const RECENT_LINES = 20;
// eslint-disable-next-line no-control-regex -- the escape character is exactly what this strips
const ANSI_ESCAPES = /\x1b\[[0-9;]*m/g;
// Servers run in their own process group (so a Ctrl-C in the terminal reaches only devstack, which then stops them
// in order); if devstack itself exits abruptly, this still asks each one to go.
const liveServers = new Set<{ kill(signal: NodeJS.Signals): void; stopSignal: NodeJS.Signals }>();
process.on("exit", () => {
  for (const server of liveServers) server.kill(server.stopSignal);
});

/** Starts a long-running server and supervises it. Rejects if it cannot be spawned at all. */
export function startServer(command: string, args: string[], options: ServerOptions): Promise<SupervisedServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    uid: options.user?.uid,
    gid: options.user?.gid,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const recent: string[] = [];
  const remember = (colouredLine: string) => {
    // Lines end up in logs and error messages; Deno colours its messages even into a pipe.
    const line = colouredLine.replace(ANSI_ESCAPES, "");
    recent.push(line);
    if (recent.length > RECENT_LINES) recent.shift();
    options.onLine?.(line);
  };
  createInterface({ input: child.stdout }).on("line", remember);
  createInterface({ input: child.stderr }).on("line", remember);

  const handle = { kill: (signal: NodeJS.Signals) => child.kill(signal), stopSignal: options.stopSignal };
  let stopRequested = false;
  const exited = new Promise<string>((resolve) => {
    child.on("exit", (code, signal) => {
      liveServers.delete(handle);
      resolve(describeExit(code, signal));
    });
  });
  // Output lines can trail the exit event: the report waits for the streams to close, but not for long, since a
  // server's own children (PostgreSQL's backends) hold them open until they notice.
  const closed = new Promise<void>((resolve) => {
    child.on("close", () => resolve());
    child.on("exit", () => setTimeout(resolve, 1000).unref());
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      stopRequested = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(options.stopSignal);
      const timer = setTimeout(() => child.kill(options.forceSignal), options.gracePeriodMs);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("spawn", () => {
      liveServers.add(handle);
      const death = exited.then(async (exit) => {
        if (stopRequested) return new Promise<ServerExit>(() => {});
        await closed;
        return { exit, lastLines: [...recent] };
      });
      resolve({ pid: child.pid ?? 0, death, stop });
    });
  });
}

/** "PostgreSQL exited (exit code 1); <note>. Its last lines: ..." */
export function describeServerExit(server: string, { exit, lastLines }: ServerExit, note?: string): string {
  const lines = lastLines.length ? `. Its last lines:\n  ${lastLines.join("\n  ")}` : "";
  return `${server} exited (${exit})${note ? `; ${note}` : ""}${lines}`;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

function formatTail(output: string): string {
  const lines = output.trimEnd().split("\n").slice(-RECENT_LINES);
  return lines.length && lines[0] !== "" ? `:\n  ${lines.join("\n  ")}` : "";
}
