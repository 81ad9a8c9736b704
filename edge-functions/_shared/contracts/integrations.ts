// Kept for the SPA, which imports contracts as @contracts/integrations; the contract lives beside its feature.
export * from "../integrations/contract.ts";
