import assert from "node:assert/strict";
import { turns } from "./turns.ts";

/** A task the test finishes by hand, noting when it started. */
function manualTask(started: string[], name: string) {
  let finish = () => {};
  const task = () => {
    started.push(name);
    return new Promise<string>((resolve) => (finish = () => resolve(name)));
  };
  return { task, finish: () => finish() };
}

/** Lets every pending promise reaction run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("turns: at most `limit` tasks run, the rest start in order as others finish", async () => {
  const inTurn = turns(2);
  const started: string[] = [];
  const tasks = ["a", "b", "c", "d", "e"].map((name) => manualTask(started, name));
  const results = tasks.map(({ task }) => inTurn(task));
  await settle();
  assert.deepEqual(started, ["a", "b"]);
  tasks[1]!.finish();
  await settle();
  assert.deepEqual(started, ["a", "b", "c"]);
  tasks[0]!.finish();
  tasks[2]!.finish();
  await settle();
  assert.deepEqual(started, ["a", "b", "c", "d", "e"]);
  tasks[3]!.finish();
  tasks[4]!.finish();
  assert.deepEqual(await Promise.all(results), ["a", "b", "c", "d", "e"]);
});

Deno.test("turns: a failing task gives its turn back", async () => {
  const inTurn = turns(1);
  await assert.rejects(inTurn(() => Promise.reject(new Error("boom"))), /boom/);
  assert.equal(await inTurn(() => Promise.resolve("next")), "next");
});

Deno.test("turns: the limit must be a positive integer", () => {
  assert.throws(() => turns(0), RangeError);
});
