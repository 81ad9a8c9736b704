// Kept for the SPA, which imports contracts as @contracts/admin; the contract lives beside its feature.
export * from "../admin/contract.ts";
