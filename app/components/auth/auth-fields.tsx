import { Eye, EyeOff } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/utils";

// Pieces shared by the sign-in, sign-up and admin login forms. The forms are plain POST forms:
// they work without JavaScript; with it, the password toggle and the error toast appear.

export type FormError = { title: string; message: string };

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
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** The form-level error: shown in the page (without JS too) and as a toast. */
export function FormAlert({ error }: { error: FormError | undefined }) {
  useEffect(() => {
    if (error) toast.error(error.title, { description: error.message });
  }, [error]);
  if (!error) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-semibold text-red-800">{error.title}</p>
      <p className="text-red-700">{error.message}</p>
    </div>
  );
}

export function TextField({
  label,
  name,
  type = "text",
  defaultValue,
  error,
  autoComplete,
  required,
  placeholder,
  maxLength,
  optional,
  readOnly,
  hint,
}: {
  label: string;
  name: string;
  type?: "text" | "email" | "tel";
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
  /** Marks the field required for assistive technology (the server enforces it). */
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  readOnly?: boolean;
  /** A note under the field, e.g. why it cannot be changed. */
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error?.trim() ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ");
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        readOnly={readOnly}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(inputClass(Boolean(error)), readOnly && "bg-slate-100")}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A multi-line text field with the same label and error layout as TextField. */
export function TextAreaField({
  label,
  name,
  rows = 5,
  defaultValue,
  error,
  required,
  placeholder,
  maxLength,
  optional,
}: {
  label: string;
  name: string;
  rows?: number;
  defaultValue?: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  optional?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.trim() ? errorId : undefined}
        className={inputClass(Boolean(error))}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A native select; `placeholder` is the empty first option. */
export function SelectField({
  label,
  name,
  options,
  placeholder,
  defaultValue,
  error,
  optional,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  defaultValue?: string;
  error?: string;
  optional?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.trim() ? errorId : undefined}
        className={cn(inputClass(Boolean(error)), "bg-white")}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FieldLabel({
  htmlFor,
  label,
  optional,
}: {
  htmlFor: string;
  label: string;
  optional: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
    </label>
  );
}

/** A password input with a show/hide button once JavaScript runs (a password field without). */
export function PasswordField({
  label,
  name,
  error,
  autoComplete,
}: {
  label: string;
  name: string;
  error?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error?.trim() ? errorId : undefined}
          className={cn(inputClass(Boolean(error)), "pr-11")}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800"
          >
            {visible ? (
              <EyeOff className="size-5" aria-hidden />
            ) : (
              <Eye className="size-5" aria-hidden />
            )}
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error?.trim()) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}

export function inputClass(invalid: boolean) {
  return cn(
    "block w-full rounded-md border px-3 py-2.5 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600",
    invalid ? "border-red-500" : "border-slate-300",
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

export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800 disabled:opacity-70"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
