import type { User } from "@contracts/auth";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

type AuthTabsProps = {
  /** The auth page and the sign-in modal word their forms slightly differently. */
  variant: "page" | "dialog";
  defaultTab: AuthTab;
  onSignedIn: (user: User) => void;
};

export function AuthTabs({ variant, defaultTab, onSignedIn }: AuthTabsProps) {
  return (
    <Tabs defaultValue={defaultTab}>
      <TabsList>
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        <LoginForm identifier={variant === "page" ? "username" : "email"} onSignedIn={onSignedIn} />
      </TabsContent>
      <TabsContent value="register">
        <RegisterForm confirmPassword={variant === "dialog"} onRegistered={onSignedIn} />
      </TabsContent>
    </Tabs>
  );
}
