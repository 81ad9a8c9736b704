// Kept for the SPA, which imports contracts as @contracts/auth; the contract lives beside its feature.
export * from "../accounts/contract.ts";
