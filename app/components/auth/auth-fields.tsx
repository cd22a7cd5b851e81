import { Card } from "~/components/ui/card";
import { PasswordField, TextField } from "~/components/ui/field";

// Pieces of the sign-in, sign-up, password and admin login screens, built on the ui kit. The
// forms are plain POST forms: they work without JavaScript; with it, the password toggle and
// the error toast appear.

/** The narrow centred card every auth screen sits in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-12">
      <Card padding="lg">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

/**
 * E-mail and current password of a sign-in form (customer or admin). A failed attempt marks
 * both fields, since the message never says which one was wrong; the e-mail is kept.
 */
export function CredentialFields({
  email,
  failed,
  emailAutoComplete,
}: {
  email: string | undefined;
  failed: boolean;
  emailAutoComplete: "email" | "username";
}) {
  return (
    <>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete={emailAutoComplete}
        defaultValue={email}
        error={failed ? " " : undefined}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        error={failed ? " " : undefined}
      />
    </>
  );
}
