import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  CheckboxField,
  fieldBinder,
  PasswordField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from "./field";

function attribute(html: string, tag: string, name: string) {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? "";
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
}

describe("TextField", () => {
  it("labels the input and, when valid, marks nothing", () => {
    const html = renderToStaticMarkup(<TextField label="Full Name" name="fullName" />);
    const id = attribute(html, "input", "id");
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(attribute(html, "input", "aria-invalid")).toBeUndefined();
    expect(attribute(html, "input", "aria-describedby")).toBeUndefined();
    expect(attribute(html, "input", "class")).toContain("border-slate-300");
  });

  it("points aria-describedby at the error and the hint, and marks the input invalid", () => {
    const html = renderToStaticMarkup(
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        error="Enter a valid phone number"
        hint="We call before a viewing."
        required
      />,
    );
    const id = attribute(html, "input", "id");
    expect(attribute(html, "input", "aria-invalid")).toBe("true");
    expect(attribute(html, "input", "aria-required")).toBe("true");
    expect(attribute(html, "input", "aria-describedby")).toBe(`${id}-error ${id}-hint`);
    expect(html).toContain(`<p id="${id}-error" class="text-sm text-red-700">Enter a valid`);
    expect(html).toContain(`<p id="${id}-hint" class="text-xs text-slate-500">We call`);
    expect(attribute(html, "input", "class")).toContain("border-red-500");
  });

  it("marks a field invalid without a message for a blank error (a failed sign-in)", () => {
    const html = renderToStaticMarkup(<TextField label="Email" name="email" error=" " />);
    expect(attribute(html, "input", "aria-invalid")).toBe("true");
    expect(attribute(html, "input", "aria-describedby")).toBeUndefined();
    expect(html).not.toContain("-error");
  });

  it("adds (optional) to the label", () => {
    const html = renderToStaticMarkup(<TextField label="Location" name="l" optional />);
    expect(html).toContain('Location<span class="font-normal text-slate-500"> (optional)</span>');
  });
});

describe("the other fields", () => {
  it("wires a textarea and a select the same way; the select starts on its placeholder", () => {
    const area = renderToStaticMarkup(<TextAreaField label="Message" name="m" error="Too long" />);
    const areaId = attribute(area, "textarea", "id");
    expect(attribute(area, "textarea", "aria-describedby")).toBe(`${areaId}-error`);
    expect(attribute(area, "textarea", "rows")).toBe("5");

    const select = renderToStaticMarkup(
      <SelectField
        label="Purpose"
        name="purpose"
        placeholder="Select a purpose"
        options={[{ value: "buy", label: "Buy" }]}
        error="Choose one"
      />,
    );
    expect(attribute(select, "select", "aria-invalid")).toBe("true");
    expect(select).toContain('<option value="" selected="">Select a purpose</option>');
  });

  it("renders a password input without the show button before JavaScript runs", () => {
    const html = renderToStaticMarkup(
      <PasswordField label="Password" name="password" autoComplete="current-password" />,
    );
    expect(attribute(html, "input", "type")).toBe("password");
    expect(html).not.toContain("Show password");
  });

  it("posts a checkbox's and a switch's value from plain HTML (no JavaScript)", () => {
    const checkbox = renderToStaticMarkup(
      <CheckboxField label="Featured" name="featured" value="yes" defaultChecked />,
    );
    expect(checkbox).toMatch(/<input [^>]*type="checkbox"[^>]*name="featured"[^>]*value="yes"/);
    expect(attribute(checkbox, "input", "checked")).toBe("");

    const toggle = renderToStaticMarkup(
      <SwitchField label="Email notifications" name="emailNotifications" defaultChecked />,
    );
    const input = /<input\b[^>]*>/.exec(toggle)?.[0] ?? "";
    expect(input).toContain('type="checkbox"');
    expect(input).toContain('role="switch"');
    expect(input).toContain('name="emailNotifications"');
    expect(input).toContain('value="on"');
    expect(input).toContain('checked=""');
    expect(toggle).toContain(`<label for="${attribute(toggle, "input", "id")}"`);
  });
});

describe("fieldBinder", () => {
  const values = { title: "Duplex", city: "", price: undefined };
  const errors = { title: "Enter a title." };

  it("gives a field its name, the value shown and its error", () => {
    const bind = fieldBinder(values, errors);
    expect(bind("title")).toEqual({
      name: "title",
      defaultValue: "Duplex",
      error: "Enter a title.",
    });
    expect(bind("city")).toEqual({ name: "city", defaultValue: "", error: undefined });
    expect(bind("price").defaultValue).toBeUndefined();
  });

  it("shows the fallback for a missing or empty value, and the form's blank for the rest", () => {
    const bind = fieldBinder(values, errors, "");
    expect(bind("city", "Lagos").defaultValue).toBe("Lagos");
    expect(bind("price", "0").defaultValue).toBe("0");
    expect(bind("title", "Lagos").defaultValue).toBe("Duplex");
    expect(bind("price").defaultValue).toBe("");
  });

  it("renders a select on the fallback choice", () => {
    const bind = fieldBinder(values, errors);
    const html = renderToStaticMarkup(
      <SelectField
        label="Location"
        options={[
          { value: "Abuja", label: "Abuja" },
          { value: "Lagos", label: "Lagos" },
        ]}
        {...bind("city", "Lagos")}
      />,
    );
    expect(html).toContain('<option value="Lagos" selected="">');
    expect(attribute(html, "select", "name")).toBe("city");
  });
});
