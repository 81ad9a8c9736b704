// `npm run bench`: the api function's memory while it refuses a 60 MB body (the goal: flat). The body goes to the
// function's own port, as the gateway would refuse it first, once with a Content-Length and once chunked; the
// function's RSS is sampled before, while the body is being sent and after the answer.
import { request as httpRequest } from "node:http";
import { rssOf } from "./bench-measure.ts";

const BODY_BYTES = 60 * 2 ** 20;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const SAMPLE_EVERY_MS = 5;

export interface MeasuredFunction {
  port: number;
  pid: number;
}

type Sent = { status: number | string; bytesSent: number };

/**
 * POSTs `bytes` bytes as a client would, declared or chunked, and stops sending once the answer arrives. A reset
 * before any answer is reported as such, not thrown: it is one of the outcomes the figure is about.
 */
function sendLargeBody(port: number, path: string, bytes: number, declared: boolean): Promise<Sent> {
  return new Promise((resolve) => {
    let bytesSent = 0;
    let answered = false;
    const outgoing = httpRequest({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": "application/json", ...(declared ? { "content-length": String(bytes) } : {}) },
    });
    outgoing.on("response", (answer) => {
      answered = true;
      answer.resume();
      answer.on("end", () => {
        resolve({ status: answer.statusCode ?? 0, bytesSent });
        outgoing.destroy();
      });
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered) resolve({ status: error.code ?? error.message, bytesSent });
    });
    const pump = () => {
      while (!answered && bytesSent < bytes) {
        bytesSent += CHUNK.byteLength;
        if (!outgoing.write(CHUNK)) return void outgoing.once("drain", pump);
      }
      if (!answered) outgoing.end();
    };
    pump();
  });
}

async function measure(fn: MeasuredFunction, declared: boolean) {
  const before = rssOf(fn.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(fn.pid))), SAMPLE_EVERY_MS);
  const sent = await sendLargeBody(fn.port, "/api/validate-email", BODY_BYTES, declared);
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(fn.pid));
  // Settled: whatever the function still held for the request is released or not by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { before, peak, after: rssOf(fn.pid), ...sent };
}

export async function bodyLimitFigures(fn: MeasuredFunction): Promise<[string, string][]> {
  // Warm: a small refused body first, so the figures are the refusal, not the first request's compilation.
  await sendLargeBody(fn.port, "/api/validate-email", 2 * 2 ** 20, true);
  const figures: [string, string][] = [];
  for (const declared of [true, false]) {
    const run = await measure(fn, declared);
    figures.push([
      `api function memory (RSS) refusing a 60 MB body, ${declared ? "Content-Length" : "chunked"}`,
      `before ${mib(run.before)}, peak while sent ${mib(run.peak)} (+${mib(run.peak - run.before)}), after ` +
        `${mib(run.after)}; answered ${run.status} after ${mib(run.bytesSent)} sent`,
    ]);
  }
  return figures;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
