import { useFormAction, useNavigation } from "react-router";

// Whether a form's submission is under way, so its button can show the pending label
// ('Booking...', 'Saving...'). Modelled on the Epic Stack's useIsPending: pending from the post
// until the page has loaded again (a redirect after the post included), and only for the form
// asked about, told apart by where it posts and, on screens with several forms, by fields it
// sends (`intent`, an id).

export type PendingCriteria = {
  /** Where the form posts; by default the action of the route the component is rendered in. */
  formAction?: string;
  /** Default POST. */
  formMethod?: "POST" | "PUT" | "PATCH" | "DELETE" | "GET";
  /** Shorthand for `match: { intent }`. */
  intent?: string;
  /** Fields the submitted form must carry with these values (e.g. `{ appointmentId: id }`). */
  match?: Readonly<Record<string, string>>;
};

/** What useNavigation() tells about the navigation under way. */
type Submission = {
  state: "idle" | "submitting" | "loading";
  formAction?: string;
  formMethod?: string;
  formData?: FormData;
};

/** The path of a URL or path, without search and hash (`/x?tab=a` and `/x?index` are `/x`). */
function pathOf(action: string) {
  return new URL(action, "http://localhost").pathname.replace(/(.)\/$/, "$1");
}

/** The matching rule of useIsPending, apart from React so it can be tested on its own. */
export function isPendingSubmission(
  navigation: Submission,
  { formAction, formMethod = "POST", intent, match }: PendingCriteria & { formAction: string },
): boolean {
  if (navigation.state === "idle" || !navigation.formAction || !navigation.formMethod) {
    return false;
  }
  if (navigation.formMethod.toUpperCase() !== formMethod) return false;
  if (pathOf(navigation.formAction) !== pathOf(formAction)) return false;
  const fields = intent === undefined ? match : { ...match, intent };
  if (!fields) return true;
  const data = navigation.formData;
  if (!data) return false;
  return Object.entries(fields).every(([name, value]) => data.get(name) === value);
}

export function useIsPending(criteria: PendingCriteria = {}): boolean {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  return isPendingSubmission(navigation, {
    ...criteria,
    formAction: criteria.formAction ?? routeAction,
  });
}
