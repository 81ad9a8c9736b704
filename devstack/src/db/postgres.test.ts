// A real private cluster in a scratch directory: PostgreSQL from Debian's packages, no stack around it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { paths } from "../cli/paths.ts";
import { freePort } from "../cli/ports.ts";
import { startPostgres } from "./postgres.ts";
import { runCommand } from "../cli/processes.ts";

describe("the private PostgreSQL cluster", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "devstack-pg-"));
  const log: string[] = [];
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const query = (url: string, sql: string) => runCommand(join(paths.postgresBin, "psql"), [url, "-X", "-tA", "-c", sql]);
  const pidFile = join(dataDir, "pg/postmaster.pid");

  it("is created on first start, answers on 127.0.0.1 with the password, and stops cleanly", async () => {
    const port = await freePort();
    const database = await startPostgres({ dataDir, port, throwaway: true, log: (line) => log.push(line) });
    try {
      expect(database.url).toMatch(/^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres$/);
      const settings = await query(database.url, "select current_setting('listen_addresses'), current_setting('fsync')");
      expect(settings.stdout.trim()).toBe("127.0.0.1|off");
      // pg_cron is loaded and runs its jobs in background workers, on a new cluster as on one made before it existed.
      const cron = await query(
        database.url,
        "select current_setting('shared_preload_libraries'), current_setting('cron.use_background_workers')",
      );
      expect(cron.stdout.trim()).toBe("pg_cron|on");
      await expect(query(database.url.replace("postgres:postgres@", "postgres:wrong@"), "select 1")).rejects.toThrow(
        /password authentication failed/,
      );
      expect(existsSync(pidFile)).toBe(true);
    } finally {
      await database.stop();
    }
    // A clean shutdown removes the server's pid file.
    expect(existsSync(pidFile)).toBe(false);
    expect(log).toContain(`creating a PostgreSQL cluster in ${join(dataDir, "pg")}`);
  });

  it("reuses the cluster and its data on the next start", async () => {
    const port = await freePort();
    const first = await startPostgres({ dataDir, port, throwaway: false, log: () => {} });
    await query(first.url, "create table kept (id int); insert into kept values (42)");
    await first.stop();
    const second = await startPostgres({ dataDir, port, throwaway: false, log: () => {} });
    try {
      expect((await query(second.url, "select id from kept")).stdout.trim()).toBe("42");
    } finally {
      await second.stop();
    }
  });

  it("reports its death with the exit and its last log lines", async () => {
    const database = await startPostgres({ dataDir, port: await freePort(), throwaway: true, log: () => {} });
    process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGKILL");
    const reason = await database.death;
    expect(reason).toMatch(/^PostgreSQL exited \(killed by SIGKILL\); its log is .*postgres\.log\. Its last lines:\n/);
    expect(reason).toContain("database system is ready to accept connections");
    await database.stop();
  });
});
