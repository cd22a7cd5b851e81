import {
  createContext,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type BlockerFunction,
  Form,
  type FormProps,
  useActionData,
  useBlocker,
  useNavigation,
} from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import type { FormMessage } from "~/lib/action-result";
import { VERSION_FIELD } from "~/lib/edit-conflict";

// Unsaved changes (issue 23): leaving a changed admin form (a link, Back, closing the dialog it
// is in, closing the tab) asks first. One guard per page tree (the admin layout, the website
// editor) owns the router's one blocker and the question; each form registers how to tell it
// was changed: what it would post now against what it showed when it was opened, saved or
// reset. So a reset or a save (the form remounts, or its version moves on) is clean again.
//
// A form's own submission is not blocked: it posts to the address it is on (React Router keeps
// the path and search), and the redirect after a save is not a navigation the blocker sees.

type Registry = {
  register(id: string, isChanged: () => boolean): void;
  unregister(id: string): void;
  hasChanges(): boolean;
  /** A registered form is being submitted: its own navigation is not asked about. */
  submitting(): void;
  /** Whether a submission was announced (and forget it: it is for one navigation). */
  takeSubmitting(): boolean;
};

const GuardContext = createContext<Registry | null>(null);

export const UNSAVED_MESSAGES = {
  title: "Leave without saving?",
  description: "You have changes on this page that are not saved. If you leave, they are lost.",
  stay: "Stay on this page",
  leave: "Leave without saving",
} as const;

export function UnsavedChangesGuard({ children }: { children: React.ReactNode }) {
  const forms = useRef(new Map<string, () => boolean>());
  const submitted = useRef(false);
  const registry = useMemo<Registry>(
    () => ({
      register: (id, isChanged) => forms.current.set(id, isChanged),
      unregister: (id) => forms.current.delete(id),
      hasChanges: () => [...forms.current.values()].some((isChanged) => isChanged()),
      submitting: () => {
        submitted.current = true;
      },
      takeSubmitting: () => {
        const was = submitted.current;
        submitted.current = false;
        return was;
      },
    }),
    [],
  );
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !registry.takeSubmitting() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      registry.hasChanges(),
    [registry],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!registry.hasChanges()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [registry]);

  return (
    <GuardContext.Provider value={registry}>
      {children}
      <AlertDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader
            title={UNSAVED_MESSAGES.title}
            description={UNSAVED_MESSAGES.description}
          />
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">{UNSAVED_MESSAGES.stay}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                variant="destructive"
                onClick={() => {
                  if (blocker.state === "blocked") blocker.proceed();
                }}
              >
                {UNSAVED_MESSAGES.leave}
              </Button>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </GuardContext.Provider>
  );
}

/** What a form would post now, as one comparable string (files by name and size). */
function formSnapshot(form: HTMLFormElement) {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (name === VERSION_FIELD) continue;
    entries.push(
      `${name}=${typeof value === "string" ? value : value.size ? `${value.name}:${value.size}` : ""}`,
    );
  }
  return JSON.stringify(entries);
}

/**
 * Registers a form with the page's guard. `savedAt` is anything that changes when the form's
 * values were saved without the form remounting (the record's version): what it shows then is
 * the new clean state.
 */
export function useUnsavedChanges(form: RefObject<HTMLFormElement | null>, savedAt?: unknown) {
  const registry = useContext(GuardContext);
  const id = useId();
  const clean = useRef<string | null>(null);
  const touched = useRef(false);

  // The clean state is what the form shows just before a person first reaches into it (a
  // focus, a press, a key): taken then, not at mount, so hydration and effects that fill a field
  // never count as a change nobody made. Until then the form is unchanged by definition; after,
  // it is changed while what it would post differs from that state. Events components send
  // themselves (Radix's hidden inputs) are not a person's and are ignored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedAt is the signal to look again.
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    clean.current = null;
    touched.current = false;
    const onFirstTouch = (event: Event) => {
      if (!event.isTrusted || touched.current) return;
      clean.current = formSnapshot(element);
      touched.current = true;
    };
    const events = ["focusin", "pointerdown", "keydown"] as const;
    for (const name of events) element.addEventListener(name, onFirstTouch, { capture: true });
    return () => {
      for (const name of events) element.removeEventListener(name, onFirstTouch, { capture: true });
    };
  }, [form, savedAt]);

  useEffect(() => {
    if (!registry) return;
    registry.register(id, () =>
      Boolean(
        form.current &&
          touched.current &&
          clean.current !== null &&
          formSnapshot(form.current) !== clean.current,
      ),
    );
    return () => registry.unregister(id);
  }, [registry, id, form]);

  // Called as the form is submitted (before React Router navigates to its action).
  return useCallback(() => registry?.submitting(), [registry]);
}

/**
 * An admin edit form: a React Router Form that carries the version of the record it was opened
 * at (when given) and asks before its changes are left behind.
 *
 * A form with no record behind it that stays on the page after a save (the password form) says
 * `clearOnSave`: once its submission comes back without an answer to show (the action
 * redirected: saved), its fields are emptied and it is clean again. A refusal keeps what was
 * typed, and the question on leaving.
 *
 * Most admin forms open with the same two things, so the form draws them: `error`, the
 * form-level alert of its last answer (first in the form, where it is seen), and `intent`, the
 * hidden field that tells the action which of the screen's forms was sent.
 */
export function AdminForm({
  version,
  clearOnSave = false,
  error,
  intent,
  ref,
  children,
  onSubmit,
  ...props
}: FormProps & {
  version?: string;
  clearOnSave?: boolean;
  error?: FormMessage;
  intent?: string;
  ref?: RefObject<HTMLFormElement | null>;
}) {
  const own = useRef<HTMLFormElement>(null);
  const formRef = ref ?? own;
  const saves = useClearOnSave(formRef, clearOnSave);
  const submitting = useUnsavedChanges(formRef, `${version ?? ""}:${saves.count}`);
  return (
    <Form
      ref={formRef}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        submitting();
        saves.sent();
      }}
      {...props}
    >
      {version ? <input type="hidden" name={VERSION_FIELD} value={version} /> : null}
      <FormAlert error={error} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
    </Form>
  );
}

/** Counts this form's saves (submissions answered by a redirect), emptying it after each. */
function useClearOnSave(form: RefObject<HTMLFormElement | null>, enabled: boolean) {
  const navigation = useNavigation();
  const actionData = useActionData();
  const sent = useRef(false);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!sent.current || navigation.state !== "idle") return;
    sent.current = false;
    if (actionData !== undefined) return;
    form.current?.reset();
    setCount((n) => n + 1);
  }, [navigation.state, actionData, form]);
  return {
    count,
    sent: () => {
      if (enabled) sent.current = true;
    },
  };
}
