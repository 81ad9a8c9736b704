// Kept for the SPA, which imports contracts as @contracts/crm; the contract lives beside its feature.
export * from "../crm/contract.ts";
