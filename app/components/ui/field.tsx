import { Eye, EyeOff } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/utils";

// Form fields: a label (with "(optional)"), the control, a hint and the field's error, wired
// for assistive technology (`aria-invalid`, `aria-describedby` naming the error and the hint).
// The forms are plain POST forms: every control here posts without JavaScript.
//
// An error of " " (a space) marks the field invalid without a message under it: a failed
// sign-in marks both e-mail and password, while the form-level alert says what went wrong.

export type FieldState = {
  /** The error message; " " marks the field invalid without showing a message. */
  error?: string;
  /** A note under the field, e.g. why it cannot be changed. */
  hint?: React.ReactNode;
  /** Marks the field required for assistive technology (the server enforces it). */
  required?: boolean;
};

/** The attributes that tie a control to its label, hint and error. */
export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

/** Ids for a field and the attributes of its control; `id` is generated unless given. */
export function useFieldControl({
  id: givenId,
  error,
  hint,
  required,
}: FieldState & { id?: string }) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error?.trim() ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ");
  const control: ControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": required || undefined,
  };
  return { id, errorId, hintId, control };
}

/** The look of text inputs, textareas and selects; red border when invalid. */
export function inputClass(invalid: boolean) {
  return cn(
    "block w-full rounded-md border px-3 py-2.5 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600",
    invalid ? "border-red-500" : "border-slate-300",
  );
}

export function FieldLabel({
  htmlFor,
  optional,
  className,
  children,
  ...props
}: React.ComponentProps<"label"> & {
  /** Adds "(optional)" after the label. */
  optional?: boolean;
}) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("block text-sm font-medium text-slate-800", className)}
      {...props}
    >
      {children}
      {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs text-slate-500">
      {children}
    </p>
  );
}

/** The field's message; nothing for none or a blank one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error?.trim()) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}

/**
 * The shell of a field for any control: label, control, hint, error. `children` receives the
 * attributes for the control (`id`, `aria-invalid`, `aria-describedby`, `aria-required`).
 */
export function Field({
  label,
  optional,
  error,
  hint,
  required,
  id,
  className,
  children,
}: FieldState & {
  label: React.ReactNode;
  optional?: boolean;
  id?: string;
  /** The wrapper's classes (layout only). */
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const field = useFieldControl({ id, error, hint, required });
  return (
    <div className={cn("space-y-1", className)}>
      <FieldLabel htmlFor={field.id} optional={optional}>
        {label}
      </FieldLabel>
      {children(field.control)}
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}

type FieldProps = FieldState & {
  label: React.ReactNode;
  name: string;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** The wrapper's classes (layout only). */
  className?: string;
};

export type TextFieldType = "text" | "email" | "tel" | "url" | "number" | "date" | "password";

export function TextField({
  label,
  optional,
  error,
  hint,
  required,
  className,
  id,
  type = "text",
  readOnly,
  ...input
}: FieldProps &
  Omit<React.ComponentProps<"input">, "className" | "type" | "children" | "required"> & {
    type?: TextFieldType;
  }) {
  return (
    <Field {...{ label, optional, error, hint, required, id, className }}>
      {(control) => (
        <input
          {...control}
          type={type}
          readOnly={readOnly}
          className={cn(inputClass(Boolean(error)), readOnly && "bg-slate-100")}
          {...input}
        />
      )}
    </Field>
  );
}

/** A multi-line text field with the same label and error layout as TextField. */
export function TextAreaField({
  label,
  optional,
  error,
  hint,
  required,
  className,
  id,
  rows = 5,
  ...textarea
}: FieldProps & Omit<React.ComponentProps<"textarea">, "className" | "children" | "required">) {
  return (
    <Field {...{ label, optional, error, hint, required, id, className }}>
      {(control) => (
        <textarea {...control} rows={rows} className={inputClass(Boolean(error))} {...textarea} />
      )}
    </Field>
  );
}

export type SelectOption = { value: string; label: string };

/** A native select (works without JavaScript); `placeholder` is the empty first option. */
export function SelectField({
  label,
  optional,
  error,
  hint,
  required,
  className,
  id,
  options,
  placeholder,
  defaultValue,
  ...select
}: FieldProps &
  Omit<React.ComponentProps<"select">, "className" | "children" | "required" | "defaultValue"> & {
    options: readonly SelectOption[];
    /** The empty first option ('Select a purpose'); omitted when not given. */
    placeholder?: string;
    defaultValue?: string;
  }) {
  return (
    <Field {...{ label, optional, error, hint, required, id, className }}>
      {(control) => (
        <select
          {...control}
          defaultValue={defaultValue ?? (placeholder === undefined ? undefined : "")}
          className={cn(inputClass(Boolean(error)), "bg-white")}
          {...select}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A password input with a show/hide button once JavaScript runs (a password field without). */
export function PasswordField({
  label,
  optional,
  error,
  hint,
  required,
  className,
  id,
  autoComplete,
  ...input
}: FieldProps &
  Omit<React.ComponentProps<"input">, "className" | "type" | "children" | "required"> & {
    autoComplete: "current-password" | "new-password";
  }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <Field {...{ label, optional, error, hint, required, id, className }}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={visible ? "text" : "password"}
            autoComplete={autoComplete}
            className={cn(inputClass(Boolean(error)), "pr-11")}
            {...input}
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
      )}
    </Field>
  );
}

type ToggleFieldProps = Omit<FieldProps, "optional"> & {
  defaultChecked?: boolean;
  /** What the form posts when checked (nothing is posted when unchecked). Default "on". */
  value?: string;
  disabled?: boolean;
  id?: string;
};

/** A native checkbox with its label beside it; posts `value` when checked. */
export function CheckboxField({
  label,
  name,
  error,
  hint,
  required,
  className,
  id,
  defaultChecked,
  value = "on",
  disabled,
}: ToggleFieldProps) {
  const field = useFieldControl({ id, error, hint, required });
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-center gap-2">
        <input
          {...field.control}
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={defaultChecked}
          disabled={disabled}
          className="size-4 rounded border-slate-300 accent-brand-700"
        />
        <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      </div>
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}

const SWITCH_TRACK =
  "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * An on/off switch with its label beside it. Once JavaScript runs it is a Radix Switch (which
 * posts through its hidden checkbox); before that, and without JavaScript, it is a native
 * checkbox with role="switch" drawn the same way, so it can be changed and posts either way.
 * Posts `value` when on, nothing when off (like a checkbox).
 */
export function SwitchField({
  label,
  name,
  error,
  hint,
  required,
  className,
  id,
  defaultChecked = false,
  value = "on",
  disabled,
  onCheckedChange,
}: ToggleFieldProps & { onCheckedChange?: (checked: boolean) => void }) {
  const hydrated = useHydrated();
  const field = useFieldControl({ id, error, hint, required });
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-center justify-between gap-4">
        <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
        {hydrated ? (
          <Switch.Root
            {...field.control}
            name={name}
            value={value}
            defaultChecked={defaultChecked}
            disabled={disabled}
            onCheckedChange={onCheckedChange}
            className={cn(SWITCH_TRACK, "bg-slate-300 data-[state=checked]:bg-brand-700")}
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
          </Switch.Root>
        ) : (
          <span className="relative inline-flex">
            <input
              {...field.control}
              type="checkbox"
              // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox's checked state is its aria-checked (ARIA in HTML says not to repeat it).
              role="switch"
              name={name}
              value={value}
              defaultChecked={defaultChecked}
              disabled={disabled}
              className={cn(SWITCH_TRACK, "peer appearance-none bg-slate-300 checked:bg-brand-700")}
            />
            <span
              aria-hidden
              className="pointer-events-none absolute left-0 top-0.5 block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5.5"
            />
          </span>
        )}
      </div>
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}
