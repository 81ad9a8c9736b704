// Kept for the SPA, which imports contracts as @contracts/seo; the contract lives beside its feature.
export * from "../seo/contract.ts";
