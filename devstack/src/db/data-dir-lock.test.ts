import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock.ts";

describe("lockDataDir", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), "devstack-lock-"));
    dirs.push(dir);
    return dir;
  };

  it("refuses a data directory another live devstack holds, naming its pid", async () => {
    const dataDir = scratch();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      await new Promise((resolve) => other.once("spawn", resolve));
      writeFileSync(join(dataDir, "devstack.pid"), `${other.pid}\n`);
      expect(() => lockDataDir(dataDir)).toThrow(`A devstack (pid ${other.pid}) is already running on ${dataDir}`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock whose process is gone, and releases it", () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, "devstack.pid"), "999999999\n");
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, "devstack.pid"), "utf8")).toBe(`${process.pid}\n`);
    unlock();
    expect(() => readFileSync(join(dataDir, "devstack.pid"))).toThrow();
  });
});
