// Kept for the SPA, which imports contracts as @contracts/duplicates; the contract lives beside its feature.
export * from "../duplicates/contract.ts";
