// Brings a database to the state a Supabase project's would be in: first the bootstrap (what Supabase's Postgres image,
// GoTrue and Realtime provide), then our migrations and seed through the real Supabase CLI, exactly as they reach
// production. `db push` applies only migrations the database has not seen, so it runs on every start.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { paths } from "../cli/paths.ts";
import { CommandError, runCommand } from "../cli/processes.ts";

const psql = join(paths.postgresBin, "psql");

export async function applySchema(dbUrl: string, log: (line: string) => void): Promise<void> {
  const mark = bootstrapMark(readFileSync(paths.bootstrapSql, "utf8"));
  if ((await currentMark(dbUrl)) !== mark) {
    log("bootstrapping the database (roles and the auth, extensions and realtime schemas, as Supabase provides them)");
    // One transaction, so a failed bootstrap leaves nothing behind and simply runs again next time.
    await runCommand(psql, [
      dbUrl,
      "-X",
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "--single-transaction",
      "-f",
      paths.bootstrapSql,
      "-c",
      `comment on database postgres is '${mark}'`,
    ]);
  }
  log("applying migrations and seed (supabase db push)");
  await pushMigrations(dbUrl);
}

/**
 * Kept as the database's comment: which bootstrap it has had, by a hash of the file. A database made before the file
 * changed (the realtime schema joined it after dev databases existed) gets it again on its next start; the file is
 * written to be run again over migrations, so that adds what is new and keeps what is there.
 */
export function bootstrapMark(bootstrapSql: string): string {
  return `MailScout devstack: bootstrap ${createHash("sha256").update(bootstrapSql).digest("hex").slice(0, 16)}`;
}

async function currentMark(dbUrl: string): Promise<string> {
  const { stdout } = await runCommand(psql, [
    dbUrl,
    "-X",
    "-tA",
    "-c",
    "select shobj_description(oid, 'pg_database') from pg_database where datname = current_database()",
  ]);
  return stdout.trim();
}

async function pushMigrations(dbUrl: string) {
  // The server has no TLS; saying so up front spares the CLI's fallback warning.
  const remote = `${dbUrl}?sslmode=disable`;
  try {
    await runCommand(
      paths.supabase,
      ["db", "push", `--remote=${remote}`, "--include-seed", "--yes", "--workdir", paths.repoRoot],
      { cwd: paths.repoRoot },
    );
  } catch (error) {
    if (error instanceof CommandError) throw new Error(describePushFailure(`${error.stdout}\n${error.stderr}`));
    throw error;
  }
}

/**
 * The CLI announces each file before running it ("Applying migration X.sql...", "Seeding data from seed.sql...") and
 * ends a failure with Postgres's error, the statement number and the statement; this names the file and keeps the rest.
 */
export function describePushFailure(output: string): string {
  const lines = output.split("\n").map((line) => line.trimEnd());
  const errorAt = lines.findIndex((line) => line.startsWith("ERROR:"));
  if (errorAt === -1) return `supabase db push failed:\n  ${lines.filter(Boolean).join("\n  ")}`;
  const error = lines.slice(errorAt).filter((line) => line && !line.startsWith("Try rerunning the command"));
  const step = lines
    .slice(0, errorAt)
    .reverse()
    .map((line) => /^(?:Applying migration|Seeding data from) (.+?)\.\.\.$/.exec(line))
    .find((match) => match !== null);
  const where = step ? (step[0].startsWith("Applying") ? `migrations/${step[1]}` : step[1]) : "supabase db push";
  return `${where} failed:\n  ${error.join("\n  ")}`;
}
