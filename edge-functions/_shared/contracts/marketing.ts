// Kept for the SPA, which imports contracts as @contracts/marketing; the contract lives beside its feature.
export * from "../marketing/contract.ts";
