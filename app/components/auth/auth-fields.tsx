import { Link, useSearchParams } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PasswordField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import type { FormMessage } from "~/lib/action-result";

// Pieces of the sign-in, sign-up, password and admin login screens, built on the ui kit. The
// forms are plain POST forms: they work without JavaScript; with it, the password toggle and
// the error toast appear.

/** A form-level message; the auth routes' actions name it so (it is the shared FormMessage). */
export type FormError = FormMessage;

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

/** The line under an auth form that leads to the other one: "Already have an account? Sign in". */
export function AuthSwitchLink({
  prompt,
  link,
}: {
  prompt: string;
  link: [to: string, label: string];
}) {
  const [to, label] = link;
  // Where the visitor was going (List your property) survives the switch to the other form.
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const href = redirectTo?.startsWith("/")
    ? `${to}?redirectTo=${encodeURIComponent(redirectTo)}`
    : to;
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt}{" "}
      <Link to={href} className="font-medium text-brand-700 hover:underline">
        {label}
      </Link>
    </p>
  );
}

/**
 * A new password typed twice (sign-up, reset, change). `names` are the fields the action reads;
 * the errors come back under the same names.
 */
export function NewPasswordFields({
  labels,
  names = { password: "password", confirm: "confirmPassword" },
  errors,
}: {
  labels: { password: string; confirm: string };
  names?: { password: string; confirm: string };
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      {(["password", "confirm"] as const).map((which) => (
        <PasswordField
          key={which}
          label={labels[which]}
          name={names[which]}
          autoComplete="new-password"
          error={errors[names[which]]}
        />
      ))}
    </>
  );
}

/**
 * What a page opened from an e-mailed link (reset password, confirm e-mail) shows when the
 * link is dead: the message and the one way on.
 */
export function DeadLinkCard({
  title,
  intro,
  error,
  next,
}: {
  title: string;
  intro: string;
  /** One object per page, so the alert's toast fires once. */
  error: FormMessage;
  next: { to: string; label: string };
}) {
  return (
    <AuthCard title={title} intro={intro}>
      <FormAlert error={error} />
      <LinkButton to={next.to} fullWidth>
        {next.label}
      </LinkButton>
    </AuthCard>
  );
}
