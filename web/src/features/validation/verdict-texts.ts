// The texts live beside the validation contract: the landing pages server-render them too.
export { REASON_TEXTS, VERDICT_TEXTS } from "@contracts/validation";
