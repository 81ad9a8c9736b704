// The private PostgreSQL cluster: Debian's server binaries running a data directory inside the repository's
// .devstack/, on 127.0.0.1 only, supervised by devstack. The distribution's own cluster is never used.
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { paths } from "../cli/paths.ts";
import { CommandError, describeServerExit, runCommand, startServer, type RunAs } from "../cli/processes.ts";
import { databaseOwner } from "../cli/system.ts";

type Log = (line: string) => void;

const SUPERUSER_PASSWORD = "postgres";
const READY_TIMEOUT_MS = 60_000;

export function databaseUrl(port: number): string {
  return `postgresql://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres`;
}

export interface RunningPostgres {
  url: string;
  /** Resolves if the server exits on its own, saying why. */
  death: Promise<string>;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  /** A throw-away cluster trades crash safety for speed. */
  throwaway: boolean;
  log: Log;
}

interface ClusterLayout {
  pgData: string;
  socketDir: string;
  logFile: string;
}

function layout(dataDir: string): ClusterLayout {
  return { pgData: join(dataDir, "pg"), socketDir: join(dataDir, "socket"), logFile: join(dataDir, "postgres.log") };
}

/** Creates the cluster if the data directory has none, then starts the server and waits until it accepts queries. */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const owner = databaseOwner();
  const cluster = layout(options.dataDir);
  prepareDirectories(options.dataDir, cluster, owner, options.log);
  if (!existsSync(join(cluster.pgData, "PG_VERSION"))) await initCluster(options.dataDir, cluster, owner, options.log);
  await stopLeftoverServer(cluster.pgData, options.log);

  const settings = [
    "listen_addresses=127.0.0.1",
    `unix_socket_directories=${cluster.socketDir}`,
    // As on Supabase's image: logical decoding feeds the supabase_realtime publication.
    "wal_level=logical",
    // pg_cron as on Supabase, given here on every start, so a cluster created before it picks it up too. Its jobs run
    // in background workers inside the server rather than over a libpq connection to cron.host: that connection would
    // need the superuser's password (the cluster has password authentication only) or a trust rule in pg_hba.conf.
    // Each running job takes a worker, hence more than PostgreSQL's default of 8 (pg_cron's README suggests 20).
    "shared_preload_libraries=pg_cron",
    "cron.database_name=postgres",
    "cron.use_background_workers=on",
    "max_worker_processes=20",
    ...(options.throwaway ? ["fsync=off", "synchronous_commit=off", "full_page_writes=off"] : []),
  ];
  const logStream = createWriteStream(cluster.logFile, { flags: "a" });
  const server = await startServer(
    join(paths.postgresBin, "postgres"),
    ["-D", cluster.pgData, "-p", String(options.port), ...settings.flatMap((setting) => ["-c", setting])],
    {
      user: owner,
      env: { PATH: process.env.PATH, LANG: "C.UTF-8" },
      // SIGINT is PostgreSQL's fast shutdown (roll back open transactions, then exit cleanly); SIGQUIT its immediate one.
      stopSignal: "SIGINT",
      forceSignal: "SIGQUIT",
      gracePeriodMs: 20_000,
      onLine: (line) => logStream.write(`${line}\n`),
    },
  );
  const death = server.death.then((exit) => describeServerExit("PostgreSQL", exit, `its log is ${cluster.logFile}`));
  const stop = async () => {
    await server.stop();
    logStream.end();
  };
  let exitReason: string | undefined;
  void death.then((why) => (exitReason = why));
  try {
    await waitUntilReady(options.port, () => exitReason);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: databaseUrl(options.port), death, stop };
}

/** Deletes the cluster (stopping a server left running on it) so the next start creates a new one. */
export async function removeCluster(dataDir: string, log: Log): Promise<void> {
  const cluster = layout(dataDir);
  await stopLeftoverServer(cluster.pgData, log);
  rmSync(cluster.pgData, { recursive: true, force: true });
  rmSync(cluster.logFile, { force: true });
}

function prepareDirectories(dataDir: string, cluster: ClusterLayout, owner: RunAs | undefined, log: Log) {
  mkdirSync(dataDir, { recursive: true });
  if (owner) {
    makeTraversable(dataDir, log);
    for (const dir of [cluster.pgData, cluster.socketDir]) {
      mkdirSync(dir, { recursive: true });
      chownSync(dir, owner.uid, owner.gid);
    }
  } else {
    mkdirSync(cluster.pgData, { recursive: true });
    mkdirSync(cluster.socketDir, { recursive: true });
  }
  // initdb insists that only the owner may enter the data directory.
  chmodSync(cluster.pgData, 0o700);
}

/** The postgres OS user must be able to walk down to the data directory from /. */
function makeTraversable(dir: string, log: Log) {
  for (let current = dir; ; current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, mode | 0o001);
      log(`made ${current} traversable by others (o+x) so the postgres OS user can reach .devstack`);
    }
    if (current === dirname(current)) return;
  }
}

async function initCluster(dataDir: string, cluster: ClusterLayout, owner: RunAs | undefined, log: Log) {
  log(`creating a PostgreSQL cluster in ${cluster.pgData}`);
  const passwordFile = join(dataDir, "initdb-password");
  writeFileSync(passwordFile, `${SUPERUSER_PASSWORD}\n`, { mode: 0o600 });
  if (owner) chownSync(passwordFile, owner.uid, owner.gid);
  try {
    await runCommand(
      join(paths.postgresBin, "initdb"),
      [
        ...["-D", cluster.pgData, "-U", "postgres", `--pwfile=${passwordFile}`, "--auth=scram-sha-256"],
        ...["--encoding=UTF8", "--locale=C.UTF-8"],
      ],
      { user: owner, env: { PATH: process.env.PATH, LANG: "C.UTF-8" } },
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * A postmaster.pid left behind: either a server from a devstack that was killed without stopping it (the caller holds
 * this data directory's lock, so nobody else is using it), which is stopped now, or a stale file, which is removed.
 */
async function stopLeftoverServer(pgData: string, log: Log) {
  const pid = readPostmasterPid(pgData);
  if (pid === undefined) return;
  if (!isPostmasterOf(pid, pgData)) {
    rmSync(join(pgData, "postmaster.pid"), { force: true });
    return;
  }
  log(`stopping PostgreSQL (pid ${pid}) left running on this data directory by an earlier run`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 20_000) process.kill(pid, "SIGQUIT");
    await sleep(100);
  }
}

function readPostmasterPid(pgData: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(pgData, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isPostmasterOf(pid: number, pgData: string): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return (argv[0] ?? "").endsWith("postgres") && argv.includes(pgData);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady(port: number, exitReason: () => string | undefined) {
  for (let waited = 0; waited < READY_TIMEOUT_MS; waited += 100) {
    const reason = exitReason();
    if (reason) throw new Error(reason);
    try {
      await runCommand(join(paths.postgresBin, "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port)]);
      return;
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
    }
    await sleep(100);
  }
  throw new Error(`PostgreSQL did not accept connections on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
}
