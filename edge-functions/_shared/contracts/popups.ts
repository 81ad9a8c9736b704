// Kept for the SPA, which imports contracts as @contracts/popups; the contract lives beside its feature.
export * from "../popups/contract.ts";
