import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { askToConfirm } from "~/lib/confirm";
import { ConfirmForm, type ConfirmFormProps } from "./confirm-form";

// What the server sends, so what a visitor without JavaScript sees (no effect runs here).

const props: ConfirmFormProps = {
  action: "/things",
  fields: { intent: "delete", id: "t1" },
  label: "Delete",
  question: "Delete this thing?",
  confirmLabel: "Yes, delete it",
  pendingLabel: "Deleting...",
};

/** The page under test: what render() was last given. */
let screen: React.ReactNode = null;
function Screen() {
  return screen;
}
const Stub = createRoutesStub([{ id: "things", path: "/things", Component: Screen }]);

function render(element: React.ReactNode, actionData?: unknown) {
  screen = element;
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/things?page=2"]}
      hydrationData={actionData ? { actionData: { things: actionData } } : undefined}
    />,
  );
}

function formData(html: string) {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    ([, name, value]) => `${name}=${value}`,
  );
}

describe("ConfirmForm without JavaScript", () => {
  it("first posts without confirmed, so the action can ask", () => {
    const html = render(<ConfirmForm {...props} />);
    expect(formData(html)).toEqual(["intent=delete", "id=t1"]);
    expect(html).toMatch(/<button type="submit"[^>]*>Delete<\/button>/);
    expect(html).not.toContain("Delete this thing?");
  });

  it("posts confirmed=yes at once when the route does not ask without JavaScript", () => {
    const html = render(<ConfirmForm {...props} withoutJs="submit" />);
    expect(formData(html)).toEqual(["intent=delete", "id=t1", "confirmed=yes"]);
  });

  it("shows the action's question with a second form that confirms, and a way back", () => {
    const asked = askToConfirm(
      (() => {
        const form = new FormData();
        form.set("intent", "delete");
        form.set("id", "t1");
        return form;
      })(),
      "Delete this thing for good?",
    );
    const html = render(<ConfirmForm {...props} />, asked);
    expect(html).toContain(
      '<span class="text-sm text-slate-700" role="status">Delete this thing for good?</span>',
    );
    expect(formData(html)).toEqual(["intent=delete", "id=t1", "confirmed=yes"]);
    expect(html).toMatch(/<button type="submit"[^>]*>Yes, delete it<\/button>/);
    expect(html).toMatch(/<a [^>]*href="\/things\?page=2"[^>]*>Keep it<\/a>/);
  });

  it("does not ask on another row's form", () => {
    const form = new FormData();
    form.set("intent", "delete");
    form.set("id", "t2");
    const html = render(<ConfirmForm {...props} />, askToConfirm(form, "Delete?"));
    expect(html).not.toContain("Delete?");
    expect(formData(html)).toEqual(["intent=delete", "id=t1"]);
  });
});
