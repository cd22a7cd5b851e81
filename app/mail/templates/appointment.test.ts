import { describe, expect, it } from "vitest";
import {
  type AppointmentEmailDetails,
  adminAppointmentNoticeEmail,
  appointmentDetails,
  appointmentStatusEmail,
  bookingConfirmationEmail,
} from "./appointment";

const appointment: AppointmentEmailDetails = {
  fullName: 'Ada "The Buyer" <script>',
  email: "ada@example.ng",
  phone: "+234 803 000 0000",
  appointmentDate: "2026-11-23",
  appointmentTime: "02:00 PM",
  propertyType: "Land & plots",
  propertyLocation: null,
  purpose: "rent",
  message: "<img src=x onerror=alert(1)>\nSecond line",
  propertyTitle: null,
  propertyCity: null,
};

describe("appointment e-mails", () => {
  it("lists only the details that were given", () => {
    expect(appointmentDetails(appointment)).toEqual([
      ["Date", "Monday, 23 November 2026"],
      ["Time", "02:00 PM (Lagos time)"],
      ["Purpose", "Rent"],
      ["Property type", "Land & plots"],
      ["Additional information", "<img src=x onerror=alert(1)>\nSecond line"],
    ]);
    expect(
      appointmentDetails(appointment, { withContact: true }).map(([label]) => label),
    ).toContain("Phone");
  });

  it("escapes what the visitor typed in the HTML, and keeps it readable in the text", () => {
    for (const email of [
      bookingConfirmationEmail({ appointment }),
      adminAppointmentNoticeEmail({
        appointment,
        kind: "booked",
        adminUrl: "https://x.test/admin",
      }),
      appointmentStatusEmail({ appointment, status: "cancelled" }),
    ]) {
      expect(email.html).not.toContain("<script>");
      expect(email.html).not.toContain("<img");
      expect(email.html).toContain("Land &amp; plots");
      expect(email.text).toContain("Land & plots");
      expect(email.text).not.toMatch(/<(p|table|tr|td)\b/);
    }
    const notice = adminAppointmentNoticeEmail({
      appointment,
      kind: "booked",
      adminUrl: "https://x.test/admin",
    });
    expect(notice.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(notice.text).toContain("Email: ada@example.ng");
    expect(notice.text).toContain("Open the admin dashboard: https://x.test/admin");
  });

  it("links the customer's dashboard only when there is one", () => {
    expect(bookingConfirmationEmail({ appointment }).text).not.toContain("View your appointment");
    const linked = bookingConfirmationEmail({
      appointment,
      dashboardUrl: "https://x.test/dashboard/appointments/1",
    });
    expect(linked.text).toContain("View your appointment: https://x.test/dashboard/appointments/1");
    expect(linked.html).toContain('href="https://x.test/dashboard/appointments/1"');
  });
});
