// Kept for the SPA, which imports contracts as @contracts/anonymous; the contract lives beside its feature.
export * from "../anonymous/contract.ts";
// The upgrade popup an anonymous visitor is shown; its contract is the popups feature's.
export * from "../popups/contract.ts";
