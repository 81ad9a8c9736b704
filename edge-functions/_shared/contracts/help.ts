// Kept for the SPA, which imports contracts as @contracts/help; the contract lives beside its feature.
export * from "../help/contract.ts";
