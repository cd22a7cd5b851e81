import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addDays, lagosToday, MAX_DAYS_AHEAD, TIME_SLOTS } from "~/lib/appointment-rules";
import { AppointmentSlotFields } from "./appointment-slot-fields";

// The server render is what a visitor without JavaScript uses: a native date input bounded by
// today and MAX_DAYS_AHEAD in Lagos, and the eight slots.

describe("AppointmentSlotFields (server render)", () => {
  it("renders a bounded native date input and the eight slots with the placeholder", () => {
    const html = renderToStaticMarkup(<AppointmentSlotFields />);
    const today = lagosToday();
    expect(html).toMatch(/<input[^>]*type="date"[^>]*name="appointmentDate"/);
    expect(html).toContain(`min="${today}"`);
    expect(html).toContain(`max="${addDays(today, MAX_DAYS_AHEAD)}"`);
    expect(html).toMatch(/<select[^>]*name="appointmentTime"/);
    expect(html).toContain('<option value="" selected="">Select a time</option>');
    for (const slot of TIME_SLOTS)
      expect(html).toContain(`<option value="${slot}">${slot}</option>`);
    expect(html).not.toContain("aria-invalid");
  });

  it("keeps the typed values and shows each error beside its field", () => {
    const html = renderToStaticMarkup(
      <AppointmentSlotFields
        defaultDate="2030-01-07"
        defaultTime="02:00 PM"
        errors={{
          appointmentDate: "Please select an appointment date",
          appointmentTime: "Please select an appointment time",
        }}
      />,
    );
    expect(html).toContain('value="2030-01-07"');
    expect(html).toContain('<option value="02:00 PM" selected="">02:00 PM</option>');
    const dateError = /<input[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)"/.exec(
      html,
    )?.[1];
    expect(dateError).toBeTruthy();
    expect(html).toContain(
      `<p id="${dateError}" class="text-sm text-red-700">Please select an appointment date</p>`,
    );
    const timeError = /<select[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)"/.exec(
      html,
    )?.[1];
    expect(html).toContain(
      `<p id="${timeError}" class="text-sm text-red-700">Please select an appointment time</p>`,
    );
  });
});
