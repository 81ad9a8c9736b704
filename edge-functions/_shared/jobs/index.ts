// Background jobs: the shape every long job shares. The database is the queue (chunks claimed with `for update skip
// locked` and a lease, results and counters committed together); a worker function runs runWorkerLoop until its
// time budget runs low, kicks a successor while work remains, and a schedule re-kicks orphaned work. A job brings its
// own steps (claim, process, complete, release) and its worker function serves workerEndpoint.
export { type JobSteps, reasonOf, runWorkerLoop, shouldKickSuccessor, type StopReason, type WorkerSummary } from "./worker-loop.ts";
export { DEFAULT_MARGIN_MS, DEFAULT_WORKER_BUDGET_MS, type TimeBudget, timeBudget, type TimeBudgetOptions } from "./time-budget.ts";
export { inBackground, kickInBackground, kickWorker, type KickSettings, workerUrl } from "./kick.ts";
export { isWorkerSecret, WORKER_SECRET_HEADER } from "./worker-secret.ts";
export { workerEndpoint, type WorkerEndpointOptions } from "./worker-endpoint.ts";
