// The auth feature's public face; the rest of the app imports from here, not from its files.
export { currentUserQueryOptions } from "./api/get-current-user";
export { AuthProvider, useAuth } from "./auth-provider";
export { AUTH_TOKEN_STORAGE_KEY } from "./auth-token";
export { AuthDialog } from "./components/auth-dialog";
export { type AuthTab, AuthTabs } from "./components/auth-tabs";
export { useDeleteAccount } from "./api/delete-account";
export { useUpdateProfile } from "./api/update-profile";
export { ChangeEmailForm } from "./components/change-email-form";
export { ChangePasswordForm } from "./components/change-password-form";
