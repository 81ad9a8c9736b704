// The measuring and formatting that `npm run bench`'s figures share (devstack/src/bench/bench.ts, bench-contacts.ts).
import { readFileSync } from "node:fs";
import type { RunningStack } from "../cli/stack.ts";

export function post(stack: RunningStack, path: string, body: unknown, expected: number): Promise<Response> {
  return request(stack, path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, expected);
}

export async function request(stack: RunningStack, path: string, init: RequestInit, expected: number): Promise<Response> {
  const response = await fetch(`${stack.url}${path}`, init);
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
  return response;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await work();
  return { value, ms: performance.now() - startedAt };
}

export async function sample(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) durations.push((await timed(work)).ms);
  return durations.sort((a, b) => a - b);
}

export function percentiles(sorted: number[]): string {
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return `p50 ${millis(at(50))}, p95 ${millis(at(95))}, max ${millis(at(100))}`;
}

export const millis = (ms: number) => `${ms.toFixed(1)} ms`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** A process's resident memory, from /proc (Linux, where devstack runs); 0 once the process is gone. */
export function rssOf(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return 0;
  }
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kilobytes ?? 0) * 1024;
}
