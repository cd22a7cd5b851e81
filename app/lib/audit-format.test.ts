import { describe, expect, it } from "vitest";
import {
  auditActionText,
  auditFieldLabel,
  describeAuditEvent,
  describeMove,
  formatAuditValue,
  lastKnownName,
} from "./audit-format";

describe("describeAuditEvent", () => {
  it("labels fields as the forms do and shows only the fields whose value changed", () => {
    const read = describeAuditEvent({
      action: "property.update",
      entityType: "property",
      entityId: "p1",
      changes: {
        price: { before: 660000, after: 123456789 },
        // Stored differently, the same to a reader: not a change.
        address: { before: "", after: null },
        beds: { before: "3", after: 3 },
        featured: { before: false, after: true },
        purpose: { before: "sale", after: "rent" },
        serviceCharge: { before: null, after: 250000 },
      },
    });
    expect(read.action).toBe("Edited the listing");
    expect(read.lines).toEqual([
      { field: "price", label: "Price (₦)", before: "₦660,000", after: "₦123,456,789" },
      { field: "featured", label: "Featured", before: "No", after: "Yes" },
      { field: "purpose", label: "Purpose", before: "For Sale", after: "For Rent" },
      {
        field: "serviceCharge",
        label: "Service charge per year (₦)",
        before: null,
        after: "₦250,000",
      },
    ]);
  });

  it("reads a reorder as the positions moved, never as lists of ids", () => {
    const ids = ["a", "b", "c", "d"];
    const read = describeAuditEvent({
      action: "slide.move",
      entityType: "slide",
      entityId: "c",
      changes: { order: { before: ids, after: ["c", "a", "b", "d"] } },
    });
    expect(read).toEqual({
      action: "Moved the slide",
      summary: "It moved from position 3 to position 1.",
      lines: [],
    });
    // A listing's photos: the entity is the listing; the photo that moved is found.
    const photos = describeAuditEvent({
      action: "property.photos-move",
      entityType: "property",
      entityId: "listing",
      changes: { order: { before: ["p1", "p2", "p3"], after: ["p2", "p1", "p3"] } },
    });
    expect(photos.summary).toMatch(/^A photo moved from position \d to position \d\.$/);
    expect(JSON.stringify(photos)).not.toContain("p1");
  });

  it("reads a bulk change as what was done to how many listings, keeping their ids to name", () => {
    const read = describeAuditEvent({
      action: "property.bulk",
      entityType: "property",
      entityId: null,
      changes: {
        action: { before: null, after: "feature" },
        ids: { before: null, after: ["x", "y"] },
      },
    });
    expect(read.summary).toBe("Marked featured: 2 listings.");
    expect(read.records).toEqual(["x", "y"]);
    expect(read.lines).toEqual([]);
  });

  it("hides secrets and bookkeeping; a user's derived full name is left to first and last", () => {
    const read = describeAuditEvent({
      action: "user.update",
      entityType: "user",
      entityId: "u1",
      changes: {
        id: { before: "u1", after: null },
        firstName: { before: "Ngozi", after: "Ngozika" },
        name: { before: "Ngozi Okafor", after: "Ngozika Okafor" },
        phone: { before: "", after: null },
        role: { before: "tenant", after: "owner" },
        password: { before: "[redacted]", after: "[redacted]" },
      },
    });
    expect(read.lines).toEqual([
      { field: "firstName", label: "First Name", before: "Ngozi", after: "Ngozika" },
      { field: "role", label: "Role", before: "Tenant", after: "Owner" },
      { field: "password", label: "Password", before: null, after: "changed" },
    ]);
  });

  it("shows an edit that only cleared a field as before -> (empty), not as a deletion", () => {
    const read = describeAuditEvent({
      action: "team-member.update",
      entityType: "team-member",
      entityId: "m1",
      changes: { userId: { before: "user-1", after: null } },
    });
    expect(read.lines).toEqual([
      { field: "userId", label: "Staff account", before: "user-1", after: "(empty)" },
    ]);
  });

  it("shows a deleted record's fields as they were, not each going to empty", () => {
    const read = describeAuditEvent({
      action: "video.delete",
      entityType: "video",
      entityId: "v1",
      changes: {
        title: { before: "Gwarinpa walkthrough", after: null },
        isActive: { before: true, after: null },
      },
    });
    expect(read.action).toBe("Deleted the video");
    expect(read.lines).toEqual([
      { field: "title", label: "Title", before: null, after: "Gwarinpa walkthrough" },
      {
        field: "isActive",
        label: "Active (shown on the home page)",
        before: null,
        after: "Active",
      },
    ]);
  });
});

describe("the parts", () => {
  it("finds the one item a move displaced, or none when the order did not change", () => {
    expect(describeMove(["a", "b", "c"], ["b", "c", "a"], "a")).toEqual({ from: 1, to: 3 });
    expect(describeMove(["a", "b", "c"], ["a", "b", "c"], "a")).toBeUndefined();
    expect(describeMove(["a", "b", "c"], ["a", "c", "b"], null)).toEqual({ from: 2, to: 3 });
  });

  it("words actions, labels and values", () => {
    expect(auditActionText("appointment.confirm")).toBe("Confirmed the appointment");
    expect(auditActionText("video.publish")).toBe("Video: publish");
    expect(auditFieldLabel("website-content", "hero_title")).toBe("Hero title");
    expect(auditFieldLabel("social-links", "facebook")).toBe("Facebook");
    expect(auditFieldLabel("user", "signedInSessions")).toBe("Signed-in sessions");
    expect(auditFieldLabel("property", "someNewField")).toBe("Some new field");
    expect(formatAuditValue("settings", "notificationsEnabled", false)).toBe("Off");
    expect(formatAuditValue("property", "status", "under-offer")).toBe("Under Offer");
    expect(formatAuditValue("inquiry", "status", "in-progress")).toBe("In Progress");
    expect(formatAuditValue("property", "propertyType", "duplex")).toBe("Duplex");
  });

  it("takes a record's last known name from the row", () => {
    expect(lastKnownName({ title: { before: "Old Flat", after: null } })).toBe("Old Flat");
    expect(
      lastKnownName({
        firstName: { before: "Ada", after: null },
        lastName: { before: "Obi", after: null },
      }),
    ).toBe("Ada Obi");
    expect(lastKnownName({ status: { before: "a", after: "b" } })).toBeUndefined();
  });
});
