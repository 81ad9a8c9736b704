// Kept for the SPA, which imports contracts as @contracts/support; the contract lives beside its feature.
export * from "../support/contract.ts";
