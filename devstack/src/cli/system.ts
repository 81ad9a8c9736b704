// The Debian packages devstack runs on, installed on first use so a fresh machine needs nothing done by hand. Each
// package is recognised by a file it installs, so a machine that already has them never touches apt.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensurePgNetStandIn } from "../db/pg-net-extension.ts";
import { CHROMIUM_PATH } from "../testing/chromium.ts";
import { paths } from "./paths.ts";
import { runCommand, type RunAs } from "./processes.ts";

interface SystemPackage {
  name: string;
  installs: string;
}

const DATABASE_PACKAGES: SystemPackage[] = [
  { name: "postgresql-15", installs: `${paths.postgresBin}/postgres` },
  { name: "postgresql-15-pgtap", installs: "/usr/share/postgresql/15/extension/pgtap.control" },
  { name: "libtap-parser-sourcehandler-pgtap-perl", installs: "/usr/bin/pg_prove" },
  // `supabase db lint` checks PL/pgSQL bodies with it.
  { name: "postgresql-15-plpgsql-check", installs: "/usr/lib/postgresql/15/lib/plpgsql_check.so" },
  // pg_cron, the scheduler Supabase's migrations use; pg_net, which Debian lacks, is devstack's stand-in (below).
  { name: "postgresql-15-cron", installs: "/usr/lib/postgresql/15/lib/pg_cron.so" },
];

/** Playwright drives Debian's Chromium; only the e2e journeys and the bench need it. */
const BROWSER_PACKAGES: SystemPackage[] = [{ name: "chromium", installs: CHROMIUM_PATH }];

let aptListsUpdated = false;

export async function ensureSystemPackages(options: { browser: boolean; log: (line: string) => void }): Promise<void> {
  const wanted = options.browser ? [...DATABASE_PACKAGES, ...BROWSER_PACKAGES] : DATABASE_PACKAGES;
  const missing = wanted.filter((pkg) => !existsSync(pkg.installs)).map((pkg) => pkg.name);
  if (missing.length > 0) {
    if (process.getuid?.() !== 0) {
      throw new Error(
        `Missing Debian packages: ${missing.join(", ")}. Run as root to let devstack install them, or install them ` +
          `yourself: apt-get install ${missing.join(" ")}`,
      );
    }
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    options.log(`installing ${missing.join(", ")} from Debian's packages (once per machine)`);
    if (!aptListsUpdated) {
      await runCommand("apt-get", ["update"], { env });
      aptListsUpdated = true;
    }
    await runCommand("apt-get", ["install", "-y", ...missing], { env });
  }
  ensurePgNetStandIn(options.log);
  for (const tool of [paths.deno, paths.supabase]) {
    if (!existsSync(tool)) throw new Error(`${tool} is missing: the npm install did not finish; run npm ci`);
  }
}

/** The OS user that owns the PostgreSQL cluster: `postgres` when devstack runs as root, else the current user. */
export function databaseOwner(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).split(":");
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}
