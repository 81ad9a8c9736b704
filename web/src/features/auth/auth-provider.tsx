// The auth context: who is signed in and the three things a person can do about it. Each action tells
// the person how it went with the spec's toasts, so every form that signs in behaves the same.
import type { LoginRequest, RegisterRequest, User } from "@contracts/auth";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { toast } from "@/components/ui/toast-store";
import { ApiError, messageOf } from "@/lib/api";
import { supabase } from "@/lib/supabase";
import { setCurrentUser, useCurrentUser } from "./api/get-current-user";
import { useLogin } from "./api/login";
import { useLogout } from "./api/logout";
import { useRegister } from "./api/register";
import { useAuthRedirectNotice } from "./auth-redirect";
import { clearAuthToken, useAuthToken, writeAuthToken } from "./auth-token";

export type AuthContextValue = {
  user: User | null;
  token: string | null;
  /** True until we know whether anyone is signed in. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Resolves to the signed-in user, or to null when the attempt failed (the person has been told why). */
  /** A sign-in refused for now (429, too many failures) also goes to onLockedOut with when to try again, in words. */
  login: (credentials: LoginRequest, onLockedOut?: (message: string) => void) => Promise<User | null>;
  /** As login; a refusal the server pins on a field ("password: …") also goes to onFieldError, for the form to show. */
  register: (account: RegisterRequest, onFieldError?: (field: RegisterField, message: string) => void) => Promise<User | null>;
  logout: () => Promise<void>;
};

export type RegisterField = keyof RegisterRequest;

// The API names the field a 400 is about as "<field>: <rule>" (edge-functions/_shared/zod-issues.ts and the password
// rule); the rest of its refusals are about the whole account.
const FIELD_REFUSAL = /^(username|email|password): (.+)$/s;

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const token = useAuthToken();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const logoutMutation = useLogout();
  useAuthRedirectNotice();

  // supabase-js refreshes the session on its own and may end it (a refresh token revoked elsewhere, a sign-out in
  // another tab): auth_token and the cached user follow whatever it reports.
  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (session) writeAuthToken(session.access_token);
      else clearAuthToken();
      if (event === "SIGNED_OUT") setCurrentUser(queryClient, null);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  const user = currentUser.data ?? null;

  const value: AuthContextValue = {
    user,
    token,
    isLoading: currentUser.isPending,
    isAuthenticated: user !== null,
    async login(credentials, onLockedOut) {
      try {
        const signedIn = await loginMutation.mutateAsync(credentials);
        toast({ title: "Welcome back!", description: "You have successfully logged in." });
        return signedIn;
      } catch (error) {
        const message = messageOf(error, "Invalid credentials. Please try again.");
        if (error instanceof ApiError && error.status === 429) onLockedOut?.(message);
        toast({ title: "Login failed", description: message, variant: "destructive" });
        return null;
      }
    },
    async register(account, onFieldError) {
      try {
        const created = await registerMutation.mutateAsync(account);
        toast({ title: "Account created!", description: "Welcome to our platform." });
        return created;
      } catch (error) {
        const message = messageOf(error, "Failed to create account. Please try again.");
        const onField = FIELD_REFUSAL.exec(message);
        if (onField && onFieldError) onFieldError(onField[1] as RegisterField, onField[2]!);
        toast({ title: "Registration failed", description: onField ? onField[2] : message, variant: "destructive" });
        return null;
      }
    },
    async logout() {
      try {
        await logoutMutation.mutateAsync();
        toast({ title: "Logged out", description: "You have been successfully logged out." });
      } catch (error) {
        toast({
          title: "Logout failed",
          description: messageOf(error, "Something went wrong. Please try again."),
          variant: "destructive",
        });
      }
    },
  };

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  // Reading the auth context outside its provider is a programming error, not a signed-out state.
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
