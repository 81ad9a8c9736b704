// Kept for the SPA, which imports contracts as @contracts/validation; the contract lives beside its feature.
export * from "../validation/contract.ts";
export * from "./validation-texts.ts";
