// The database types that edge functions import are generated from the migrated database by the Supabase CLI and
// committed; the test run regenerates them from its fresh database and fails when the committed copy has drifted.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { paths, repoRoot } from "../cli/paths.ts";
import { runCommand } from "../cli/processes.ts";

export const databaseTypesFile = join(repoRoot, "edge-functions/_shared/database.types.ts");

/** The CLI writes a notice about unencrypted connections into stdout unless sslmode is spelled out. */
export async function generateDatabaseTypes(dbUrl: string): Promise<string> {
  const { stdout } = await runCommand(paths.supabase, ["gen", "types", "typescript", `--remote=${dbUrl}?sslmode=disable`, "--schema", "public"], {
    cwd: repoRoot,
  });
  return stdout;
}

/** `node --import tsx devstack/src/db/database-types.ts <dbUrl> [--write]`: checks (or rewrites) the committed types. */
async function main(dbUrl: string | undefined, write: boolean): Promise<number> {
  if (!dbUrl) {
    console.error("usage: database-types.ts <database url> [--write]");
    return 2;
  }
  const generated = await generateDatabaseTypes(dbUrl);
  if (write) {
    writeFileSync(databaseTypesFile, generated);
    console.log(`wrote ${databaseTypesFile}`);
    return 0;
  }
  if (readFileSync(databaseTypesFile, "utf8") === generated) {
    console.log("database types match the migrations");
    return 0;
  }
  console.error(
    `${databaseTypesFile} differs from the types generated from the migrations: regenerate it with\n` +
      `  node --import tsx devstack/src/db/database-types.ts <database url> --write`,
  );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv[2], process.argv.includes("--write"));
}
