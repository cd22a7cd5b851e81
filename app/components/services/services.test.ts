import { describe, expect, it } from "vitest";
import {
  descriptionBlocks,
  listServices,
  PROCESS_STEPS,
  SERVICES,
  serviceInquirySubject,
} from "~/components/services/services";
import { knownGeneratedKeys } from "~/demo/demo-media";
import { HOME_SERVICES } from "~/lib/home-content";
import { SERVICE_IDS } from "~/lib/service-ids";

describe("services content", () => {
  it.each(SERVICE_IDS)(
    "%s has the spec's 7 features, 4 'Why Choose' points and a drawn image",
    (id) => {
      const service = SERVICES[id];
      expect(service.id).toBe(id);
      expect(service.title.trim()).not.toBe("");
      expect(service.shortDescription.trim()).not.toBe("");
      expect(service.features).toHaveLength(7);
      expect(new Set(service.features).size).toBe(7);
      expect(service.whyChoose).toHaveLength(4);
      expect(new Set(service.whyChoose).size).toBe(4);
      // The /media route only draws the pictures the site refers to.
      expect(knownGeneratedKeys().has(service.image.replace(/^\/media\//, ""))).toBe(true);
      const blocks = descriptionBlocks(service.fullDescription);
      expect(blocks.filter((b) => b.kind === "paragraph").length).toBeGreaterThanOrEqual(2);
      expect(blocks.some((b) => b.kind === "list")).toBe(true);
    },
  );

  it("lists every service once, in the order of the ids", () => {
    expect(listServices().map((s) => s.id)).toEqual([...SERVICE_IDS]);
  });

  it("links the overview cards to real service pages", () => {
    for (const card of HOME_SERVICES) {
      expect(SERVICE_IDS).toContain(card.to.replace("/services/", ""));
    }
  });

  it("has the four process steps in the spec's order", () => {
    expect(PROCESS_STEPS.map((s) => s.title)).toEqual([
      "Consultation & Requirements Analysis",
      "Planning & Design",
      "Implementation & Execution",
      "Delivery & Ongoing Support",
    ]);
  });

  it("names the service in the inquiry subject", () => {
    expect(serviceInquirySubject(SERVICES["property-sales"])).toBe("Inquiry about Property Sales");
  });

  it("splits a description into paragraphs and bullet lists", () => {
    expect(descriptionBlocks("One\nline.\n\n- a\n- b\n\n  \n\nLast.")).toEqual([
      { kind: "paragraph", text: "One line." },
      { kind: "list", items: ["a", "b"] },
      { kind: "paragraph", text: "Last." },
    ]);
  });
});
