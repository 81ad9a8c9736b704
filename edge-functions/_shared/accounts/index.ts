// Accounts: registering, signing in and out, and the signed-in user's profile, over Supabase Auth. Other folders reach
// accounts through this file only.
export {
  type AuthResponse,
  authResponseSchema,
  type ErrorResponse,
  errorResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  userSchema,
} from "./contract.ts";
export { readCurrentUser } from "./current-user.ts";
export { isAdmin } from "./admin.ts";
export { login } from "./login.ts";
export { logout } from "./logout.ts";
export { register } from "./register.ts";
export { updateProfile } from "./profile-update.ts";
