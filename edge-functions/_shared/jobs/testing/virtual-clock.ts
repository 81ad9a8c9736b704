// A clock of the test's own for code that sleeps: a sleep is a timer on it, and `run` moves the clock to the next timer
// whenever nothing else can run. So a test of leases and waits takes no real time and cannot depend on the machine's
// speed: what happens, and in what order, follows from the simulated times alone.

interface Timer {
  at: number;
  order: number;
  fire: () => void;
}

export class VirtualClock {
  now = 0;
  private timers: Timer[] = [];
  private created = 0;

  /** Resolves once the clock has moved `ms` on, or at once when `signal` aborts. */
  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer: Timer = { at: this.now + ms, order: this.created++, fire: resolve };
      this.timers.push(timer);
      signal?.addEventListener("abort", () => {
        this.timers = this.timers.filter((other) => other !== timer);
        resolve();
      }, { once: true });
    });

  /** Settles `task`, firing timers in time order each time every promise that can go on has gone on. */
  async run<T>(task: Promise<T>): Promise<T> {
    let settled = false;
    task.then(() => (settled = true), () => (settled = true));
    for (;;) {
      // A real macrotask runs only once the microtask queue is empty: everything not waiting on a timer has run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (settled) return await task;
      const next = this.timers.sort((a, b) => a.at - b.at || a.order - b.order).shift();
      if (!next) throw new Error("The task waits for something other than the clock");
      this.now = Math.max(this.now, next.at);
      next.fire();
    }
  }
}
