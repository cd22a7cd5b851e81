import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { inquiryResponseEmail } from "./inquiry-response";
import { listingInquiryEmail } from "./listing-inquiry";
import { ownerWeeklyReportEmail } from "./owner-weekly-report";
import { searchAlertEmail } from "./search-alert";
import { submissionStatusEmail } from "./submission-status";

// Every e-mail about a listing names it by its reference code, and every e-mail carries the
// no-fee promise with the address of /verify (issue 45).

const CODE = "NH-LAG-0421";
const URL_ = "https://naijahomes.ng/property/abc";
const PROMISE = "NaijaHomes Realty never charges inspection or viewing fees.";

function expectCodeAndPromise(email: { subject: string; text: string; html: string }) {
  expect(email.text).toContain(CODE);
  expect(email.html).toContain(CODE);
  expect(email.text).toContain(PROMISE);
  expect(email.text).toContain(`${getEnv().siteUrl}/verify`);
  expect(email.html).toContain(`href="${getEnv().siteUrl}/verify"`);
}

describe("e-mails about a listing", () => {
  it("the staff's notice of a question about it", () => {
    const email = listingInquiryEmail({
      inquiry: { name: "Ada", email: "ada@example.ng", phone: null, description: "Still free?" },
      listing: { title: "Ikoyi flat", code: CODE, url: URL_ },
      adminUrl: "https://naijahomes.ng/admin/complaints/1",
    });
    expect(email.subject).toBe(`New inquiry about Ikoyi flat (${CODE}): Ada`);
    expectCodeAndPromise(email);
  });

  it("the answer to a question about it", () => {
    const email = inquiryResponseEmail({
      name: "Ada",
      source: "contact",
      subject: "Ikoyi flat",
      originalMessage: "Still free?",
      response: "Yes.",
      listing: { title: "Ikoyi flat", code: CODE, url: URL_ },
    });
    expect(email.text).toContain(`About: Ikoyi flat (ref. ${CODE})\n${URL_}`);
    expectCodeAndPromise(email);
  });

  it("a saved-search alert", () => {
    const email = searchAlertEmail({
      firstName: "Ada",
      searchName: "Lagos flats",
      listings: [
        {
          title: "Ikoyi flat",
          code: CODE,
          url: URL_,
          purpose: "rent",
          price: 2_000_000,
          rentPeriod: "year",
          propertyType: "apartment",
          city: "Lagos",
          beds: 2,
          baths: 2,
        },
      ],
      more: 0,
      searchUrl: "https://naijahomes.ng/properties",
      manageUrl: "https://naijahomes.ng/dashboard/searches",
      unsubscribeUrl: "https://naijahomes.ng/searches/unsubscribe?token=t",
    });
    expect(email.text).toContain(`Ikoyi flat (${CODE})`);
    expectCodeAndPromise(email);
  });

  it("an owner's weekly report", () => {
    const email = ownerWeeklyReportEmail({
      firstName: "Bola",
      week: { start: "2026-11-16", end: "2026-11-22" },
      listings: [
        {
          title: "Ikoyi flat",
          code: CODE,
          city: "Lagos",
          url: URL_,
          views: 3,
          viewsWeekBefore: 1,
          viewings: { booked: 0, days: [] },
          contacts: { inquiry: 0, whatsapp: 0, phone: 0 },
          saves: 0,
        },
      ],
      listingsUrl: "https://naijahomes.ng/dashboard/listings",
      unsubscribeUrl: "https://naijahomes.ng/listings/report/unsubscribe?token=t",
    });
    expect(email.text).toContain(`Ikoyi flat (Lagos · ${CODE})`);
    expectCodeAndPromise(email);
  });

  it("an owner's submission once it is a listing", () => {
    const email = submissionStatusEmail({
      name: "Bola",
      title: "Ikoyi flat",
      listingCode: CODE,
      kind: "listing",
      status: "approved",
      message: null,
      url: "https://naijahomes.ng/dashboard/listings/submissions/1",
    });
    expect(email.subject).toBe(`Now live: Ikoyi flat (${CODE}) | NaijaHomes Realty`);
    expectCodeAndPromise(email);
  });
});
