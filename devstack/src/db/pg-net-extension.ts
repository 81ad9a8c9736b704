// The pg_net stand-in's extension files (devstack/sql/pg_net/), copied into PostgreSQL's extension directory so that
// `create extension pg_net` works as on Supabase. Like the Debian packages, they are installed once per machine: a
// file is written only when it is missing or differs from devstack's copy, which takes root.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { paths } from "../cli/paths.ts";

const SOURCE_DIR = join(paths.repoRoot, "devstack/sql/pg_net");
// Written in the stand-in's control file; a pg_net.control without it belongs to a real pg_net, left alone.
const STAND_IN_MARK = "devstack's stand-in";

export function ensurePgNetStandIn(log: (line: string) => void): void {
  const sharedir = execFileSync(join(paths.postgresBin, "pg_config"), ["--sharedir"], { encoding: "utf8" }).trim();
  const extensionDir = join(sharedir, "extension");
  const installedControl = join(extensionDir, "pg_net.control");
  if (existsSync(installedControl) && !readFileSync(installedControl, "utf8").includes(STAND_IN_MARK)) {
    throw new Error(
      `${installedControl} belongs to another pg_net than devstack's stand-in; remove that pg_net to use devstack`,
    );
  }
  const stale = readdirSync(SOURCE_DIR).filter((file) => {
    const target = join(extensionDir, file);
    return !existsSync(target) || !readFileSync(target).equals(readFileSync(join(SOURCE_DIR, file)));
  });
  if (stale.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `devstack's pg_net stand-in is missing or outdated in ${extensionDir}. Run as root to let devstack install it, ` +
        `or copy it there yourself: cp ${stale.map((file) => join(SOURCE_DIR, file)).join(" ")} ${extensionDir}/`,
    );
  }
  for (const file of stale) copyFileSync(join(SOURCE_DIR, file), join(extensionDir, file));
  log(`installed devstack's pg_net stand-in (${stale.join(", ")}) into ${extensionDir}`);
}
