// Kept for the SPA, which imports contracts as @contracts/anonymous; the contract lives beside its feature.
export * from "../anonymous/contract.ts";
