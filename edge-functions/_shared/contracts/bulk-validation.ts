// Kept for the SPA, which imports contracts as @contracts/bulk-validation; the contract lives beside its feature.
export * from "../bulk-validation/contract.ts";
