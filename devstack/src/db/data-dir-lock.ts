// One devstack per data directory: a second `npm start` (or a `db:reset` under a running stack) would fight the first
// over its database. The lock is a pid file; a lock whose process is gone is left over from a crash and is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, "devstack.pid");
  const holder = lockHolder(dataDir);
  if (holder !== undefined) {
    throw new Error(`A devstack (pid ${holder}) is already running on ${dataDir}; stop it first (Ctrl-C in its terminal)`);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => rmSync(lockFile, { force: true });
}

/** The pid of the live devstack holding this data directory, if any. */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, "devstack.pid"), "utf8").trim());
  } catch {
    return undefined;
  }
  return pid !== process.pid && isNodeProcess(pid) ? pid : undefined;
}

function isNodeProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]?.endsWith("node") ?? false;
  } catch {
    return false;
  }
}
