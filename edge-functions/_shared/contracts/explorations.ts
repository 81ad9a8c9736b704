// Kept for the SPA, which imports contracts as @contracts/exploration; the contract lives beside its feature.
export * from "../explorations/contract.ts";
