// The anonymous allowance: what a visitor without an account may do this month, counted by session and network.
// Other folders reach it through this file only.
export {
  type AnonymousVisitor,
  checkLimits,
  countValidation,
  generateDiscount,
  noteSignedInValidation,
  openSession,
  updateUsage,
} from "./allowance.ts";
export { clientAddressFrom } from "./client-address.ts";
export {
  anonymousSessionSchema,
  discountSchema,
  limitReachedSchema,
  SESSION_ID_LENGTH,
  sessionIdSchema,
  updateUsageRequestSchema,
} from "./contract.ts";
export { limitReached } from "./standing.ts";
