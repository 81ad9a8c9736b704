import { describe, expect, it } from "vitest";
import { describePushFailure } from "./database.ts";

// What `supabase db push` 3.1.0 prints when a migration fails (captured from a real run).
const failedMigration = `Target: custom Postgres (127.0.0.1:56870)
Confirmed by --yes: Apply 2 migrations and seed 1 file on custom Postgres (127.0.0.1:56870)
Applying migration 20260101000000_a.sql...
Applying migration 20260101000001_bad.sql...
ERROR: relation "public.nope" does not exist (SQLSTATE 42P01)
At statement: 2
insert into public.nope values (1)
            ^
Try rerunning the command with --debug to troubleshoot the error.
`;

describe("describePushFailure", () => {
  it("names the failing migration's file and keeps Postgres's message and the statement", () => {
    expect(describePushFailure(failedMigration)).toBe(
      [
        "migrations/20260101000001_bad.sql failed:",
        '  ERROR: relation "public.nope" does not exist (SQLSTATE 42P01)',
        "  At statement: 2",
        "  insert into public.nope values (1)",
        "              ^",
      ].join("\n"),
    );
  });

  it("names the seed file when the seed fails", () => {
    const output = `Applying migration 20260101000000_a.sql...
Seeding data from seed.sql...
ERROR: duplicate key value violates unique constraint "a_pkey" (SQLSTATE 23505)
`;
    expect(describePushFailure(output)).toMatch(/^seed\.sql failed:\n {2}ERROR: duplicate key value/);
  });

  it("passes other failures on whole", () => {
    expect(describePushFailure("failed to connect to postgres: connection refused\n")).toBe(
      "supabase db push failed:\n  failed to connect to postgres: connection refused",
    );
  });
});
