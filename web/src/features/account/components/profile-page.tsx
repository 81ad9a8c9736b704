// My Account's profile: names and username, the sign-in details (email, password), marketing emails, and deleting the
// account.
import { ChangeEmailForm, ChangePasswordForm, useAuth } from "@/features/auth";
import { MarketingEmailsSwitch } from "@/features/notifications";
import { AccountSection } from "./account-layout";
import { DeleteAccount, WHAT_DELETION_KEEPS } from "./delete-account";
import { ProfileForm } from "./profile-form";

const memberSince = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

export function ProfilePage() {
  const { user } = useAuth();
  // The signed-in layout shows this page only to someone signed in.
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <AccountSection title="Profile" description={`Member since ${memberSince.format(new Date(user.createdAt))}.`}>
        <ProfileForm key={user.id} user={user} />
      </AccountSection>
      <AccountSection title="Email and password" description={`You sign in as ${user.email}.`}>
        <ChangeEmailForm currentEmail={user.email} />
        <hr />
        <ChangePasswordForm user={user} />
      </AccountSection>
      <AccountSection title="Email preferences" description="What we may send you besides your account's own emails.">
        <MarketingEmailsSwitch />
      </AccountSection>
      <AccountSection title="Delete account" description={WHAT_DELETION_KEEPS}>
        <DeleteAccount user={user} />
      </AccountSection>
    </div>
  );
}
