// The fixture's functions on real Deno, killed the way a crash or an out-of-memory kill ends them.
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadEdgeFunctions } from "./functions-config.ts";
import { restartingFunction, type RestartingFunction, startInstances } from "./function-restarts.ts";
import { startFunction } from "./functions.ts";

const fixture = join(import.meta.dirname, "../../test/fixtures/project");
const edgeFunctions = loadEdgeFunctions(fixture);
const fixtureFunction = (name: string) => {
  const fn = edgeFunctions.find((candidate) => candidate.name === name);
  if (!fn) throw new Error(`the fixture has no ${name} function`);
  return fn;
};
const start = (name: string) => () => startFunction(fixtureFunction(name), { env: {}, log: () => {} });

describe("a function whose process dies", () => {
  let fn: RestartingFunction | undefined;
  afterEach(async () => await fn?.stop());

  it("is started again while the stack runs, counted and logged, and answers on its new port", async () => {
    const lines: string[] = [];
    fn = restartingFunction(await start("echo")(), start("echo"), (line) => lines.push(line));
    fn.allowRestarts();
    const firstPid = fn.pid;

    process.kill(firstPid, "SIGKILL");
    await vi.waitFor(() => expect(fn!.restarts).toBe(1), { timeout: 20_000 });
    await fn.ready();

    expect(fn.pid).not.toBe(firstPid);
    const response = await fetch(`http://127.0.0.1:${fn.port}/echo/again`);
    expect(response.status).toBe(200);
    expect(lines[0]).toBe("function echo died (Deno exited (killed by SIGKILL)); starting it again");
    expect(lines[1]).toBe(`function echo is back (restart 1, pid ${fn.pid}, port ${fn.port})`);
  });

  it("is reported, not restarted, while the stack is still starting", async () => {
    const restart = vi.fn(start("echo"));
    fn = restartingFunction(await start("echo")(), restart, () => {});
    process.kill(fn.pid, "SIGKILL");
    expect(await fn.death).toBe("Deno exited (killed by SIGKILL)");
    expect(restart).not.toHaveBeenCalled();
  });

  it("is reported when it cannot be started again", async () => {
    fn = restartingFunction(await start("echo")(), start("crashing"), () => {});
    fn.allowRestarts();
    process.kill(fn.pid, "SIGKILL");
    expect(await fn.death).toMatch(
      /^it died \(Deno exited \(killed by SIGKILL\)\) and could not be started again: Error: Function crashing did not start/,
    );
    expect(fn.restarts).toBe(0);
  });
});

describe("a function replaced on purpose", () => {
  let fn: RestartingFunction | undefined;
  afterEach(async () => await fn?.stop());

  it("is stopped and started again with what `start` reads now, requests held meanwhile, and not counted as a death", async () => {
    const lines: string[] = [];
    let setting = "before";
    const startWithSetting = () =>
      startFunction(fixtureFunction("echo"), { env: { TEST_SETTING: setting }, log: () => {} });
    fn = restartingFunction(await startWithSetting(), startWithSetting, (line) => lines.push(line));
    fn.allowRestarts();
    const firstPid = fn.pid;
    const settingNow = async () =>
      ((await (await fetch(`http://127.0.0.1:${fn!.port}/echo/env`)).json()) as Record<string, string>).TEST_SETTING;
    expect(await settingNow()).toBe("before");

    setting = "after";
    const replacing = fn.replace();
    // Asked while the old process stops: answered by the new one.
    await fn.ready();
    expect(await settingNow()).toBe("after");
    await replacing;

    expect(fn.pid).not.toBe(firstPid);
    expect(fn.restarts).toBe(0);
    expect(lines).toEqual([`function echo was replaced (pid ${fn.pid}, port ${fn.port})`]);
    // The new process is watched: its death is a restart as before.
    process.kill(fn.pid, "SIGKILL");
    await vi.waitFor(() => expect(fn!.restarts).toBe(1), { timeout: 20_000 });
  });
});

describe("a function with two processes", () => {
  let instances: RestartingFunction[] = [];
  afterEach(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
  });

  it("has each restarted on its own death, the other untouched", async () => {
    const lines: string[] = [];
    const fn = { ...fixtureFunction("echo"), instances: 2 };
    instances = await Promise.all(
      startInstances(fn, (instance) => startFunction(fn, { env: {}, log: () => {}, instance }), (line) => lines.push(line)),
    );
    for (const instance of instances) instance.allowRestarts();
    const [first, second] = instances as [RestartingFunction, RestartingFunction];
    expect([first.instance, second.instance]).toEqual([1, 2]);
    const [firstPid, secondPid] = [first.pid, second.pid];

    process.kill(secondPid, "SIGKILL");
    await vi.waitFor(() => expect(second.restarts).toBe(1), { timeout: 20_000 });
    await second.ready();

    expect([first.pid, first.restarts]).toEqual([firstPid, 0]);
    expect(second.pid).not.toBe(secondPid);
    for (const instance of instances) expect((await fetch(`http://127.0.0.1:${instance.port}/echo`)).status).toBe(200);
    expect(lines[0]).toBe("function echo#2 died (Deno exited (killed by SIGKILL)); starting it again");
  });
});
