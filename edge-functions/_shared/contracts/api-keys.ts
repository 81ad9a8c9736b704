// Kept for the SPA, which imports contracts as @contracts/api-keys; the contract lives beside its feature.
export * from "../api-keys/contract.ts";
