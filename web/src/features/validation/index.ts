// The validation feature's public face.
export { useValidateEmail } from "./api/validate-email";
export { ValidationForm } from "./components/validation-form";
export { type ValidationState, ValidationResultCard } from "./components/validation-result-card";
export { REASON_TEXTS, VERDICT_TEXTS } from "./verdict-texts";
export { useValidationTool } from "./use-validation-tool";
