// Kept for the SPA, which imports contracts as @contracts/contacts; the contract lives beside its feature.
export * from "../contacts/contract.ts";
