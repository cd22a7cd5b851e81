import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { Eye, EyeOff } from "~/components/icons";
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
  children,
  ...shell
}: FieldShellProps & {
  children: (control: ControlProps) => React.ReactNode;
}) {
  const field = useFieldControl(shell);
  return (
    <div className={cn("space-y-1", shell.className)}>
      <FieldLabel htmlFor={field.id} optional={shell.optional}>
        {shell.label}
      </FieldLabel>
      {children(field.control)}
      <FieldHint id={field.hintId}>{shell.hint}</FieldHint>
      <FieldError id={field.errorId} error={shell.error} />
    </div>
  );
}

/** What every field takes besides its control's own attributes. */
export type FieldShellProps = FieldState & {
  label: React.ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  id?: string;
  /** The wrapper's classes (layout only). */
  className?: string;
};

type FieldProps = FieldShellProps & { name: string };

/**
 * The part of a field that comes from its form's state, so a form with many fields names each
 * once: `bind("title")` is `{ name, defaultValue, error }` for the field `title`, from what the
 * form shows (the record, or what was typed before a refusal) and the errors of its last answer.
 * `name` must be one of the form's values. `fallback` is shown when the value is missing or
 * empty (a select's usual choice); `blank`, the fallback of every field not given one (the
 * listing form shows "" for a value it was not given).
 */
export function fieldBinder<Name extends string>(
  values: Partial<Record<Name, string>>,
  errors: Partial<Record<string, string>>,
  blank?: string,
) {
  return function bind(name: Name, fallback = blank) {
    const value = values[name];
    return {
      name,
      defaultValue: fallback === undefined ? value : value || fallback,
      error: errors[name],
    };
  };
}

/** A field's props split into the shell's (label, hint, error, ...) and the control's. */
function splitField<P extends FieldShellProps>({
  label,
  optional,
  error,
  hint,
  required,
  id,
  className,
  ...control
}: P): [FieldShellProps, Omit<P, keyof FieldShellProps>] {
  return [{ label, optional, error, hint, required, id, className }, control];
}

/** The attributes of a control element that the field sets itself. */
type OwnControlAttributes = "className" | "children" | "required" | "id";

export type TextFieldType = "text" | "email" | "tel" | "url" | "number" | "date" | "password";

export type TextFieldProps = FieldProps &
  Omit<React.ComponentProps<"input">, OwnControlAttributes | "type"> & { type?: TextFieldType };

/**
 * How a form describes a text field once (label, type, autocomplete, placeholder), so a form
 * with several renders them from one config object; name, value and error come per render.
 */
export type TextFieldSpec = Omit<TextFieldProps, "name" | "defaultValue" | "error">;

export function TextField(props: TextFieldProps) {
  const [shell, { type = "text", readOnly, ...input }] = splitField(props);
  return (
    <Field {...shell}>
      {(control) => (
        <input
          {...control}
          type={type}
          readOnly={readOnly}
          className={cn(inputClass(Boolean(shell.error)), readOnly && "bg-slate-100")}
          {...input}
        />
      )}
    </Field>
  );
}

/** A multi-line text field with the same label and error layout as TextField. */
export function TextAreaField(
  props: FieldProps & Omit<React.ComponentProps<"textarea">, OwnControlAttributes>,
) {
  const [shell, textarea] = splitField(props);
  const className = inputClass(Boolean(shell.error));
  // rows={5} comes first, so a caller's `rows` wins.
  return (
    <Field {...shell}>
      {(control) => <textarea rows={5} {...control} className={className} {...textarea} />}
    </Field>
  );
}

export type SelectOption = { value: string; label: string };

/** A native select (works without JavaScript); `placeholder` is the empty first option. */
export function SelectField(
  props: FieldProps &
    Omit<React.ComponentProps<"select">, OwnControlAttributes | "defaultValue"> & {
      options: readonly SelectOption[];
      /** The empty first option ('Select a purpose'); omitted when not given. */
      placeholder?: string;
      defaultValue?: string;
    },
) {
  const [shell, { options, placeholder, defaultValue, ...select }] = splitField(props);
  return (
    <Field {...shell}>
      {(control) => (
        <select
          {...control}
          defaultValue={defaultValue ?? (placeholder === undefined ? undefined : "")}
          className={cn(inputClass(Boolean(shell.error)), "bg-white")}
          {...select}
        >
          <SelectOptions options={options} placeholder={placeholder} />
        </select>
      )}
    </Field>
  );
}

/** A select's options, after an empty first one reading `placeholder` when given. */
export function SelectOptions({
  options,
  placeholder,
}: {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** A password input with a show/hide button once JavaScript runs (a password field without). */
export function PasswordField(
  props: FieldProps &
    Omit<React.ComponentProps<"input">, OwnControlAttributes | "type" | "autoComplete"> & {
      autoComplete: "current-password" | "new-password";
    },
) {
  const [shell, input] = splitField(props);
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <Field {...shell}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={visible ? "text" : "password"}
            className={cn(inputClass(Boolean(shell.error)), "pr-11")}
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
};

/** The layout of a checkbox or a switch: the control and its label on one line. */
function ToggleShell({
  error,
  hint,
  required,
  id,
  className,
  labelFirst,
  children,
}: Omit<FieldShellProps, "label" | "optional"> & {
  labelFirst: boolean;
  children: (field: ReturnType<typeof useFieldControl>) => React.ReactNode;
}) {
  const field = useFieldControl({ id, error, hint, required });
  return (
    <div className={cn("space-y-1", className)}>
      <div className={cn("flex items-center", labelFirst ? "justify-between gap-4" : "gap-2")}>
        {children(field)}
      </div>
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}

/** A native checkbox with its label beside it; posts `value` when checked. */
export function CheckboxField(props: ToggleFieldProps) {
  const [shell, { name, value = "on", defaultChecked, disabled }] = splitField(props);
  return (
    <ToggleShell {...shell} labelFirst={false}>
      {(field) => (
        <>
          <input
            {...field.control}
            type="checkbox"
            name={name}
            value={value}
            defaultChecked={defaultChecked}
            disabled={disabled}
            className="size-4 rounded border-slate-300 accent-brand-700"
          />
          <FieldLabel htmlFor={field.id}>{shell.label}</FieldLabel>
        </>
      )}
    </ToggleShell>
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
export function SwitchField(
  props: ToggleFieldProps & { onCheckedChange?: (checked: boolean) => void },
) {
  const [shell, { name, value = "on", defaultChecked = false, disabled, onCheckedChange }] =
    splitField(props);
  const hydrated = useHydrated();
  return (
    <ToggleShell {...shell} labelFirst>
      {(field) => (
        <>
          <FieldLabel htmlFor={field.id}>{shell.label}</FieldLabel>
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
                className={cn(
                  SWITCH_TRACK,
                  "peer appearance-none bg-slate-300 checked:bg-brand-700",
                )}
              />
              <span
                aria-hidden
                className="pointer-events-none absolute left-0 top-0.5 block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5.5"
              />
            </span>
          )}
        </>
      )}
    </ToggleShell>
  );
}
