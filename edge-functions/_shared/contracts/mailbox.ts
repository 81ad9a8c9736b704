// Kept for the SPA, which imports contracts as @contracts/mailbox; the contract lives beside its feature.
export * from "../mailbox/contract.ts";
