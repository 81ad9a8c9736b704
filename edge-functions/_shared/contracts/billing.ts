// Kept for the SPA, which imports contracts as @contracts/billing; the contract lives beside its feature.
export * from "../billing/contract.ts";
