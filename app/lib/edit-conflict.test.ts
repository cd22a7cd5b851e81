import { describe, expect, it } from "vitest";
import { conflictRows, mergeEdits, sameValue } from "./edit-conflict";

// The three-way merge every versioned admin form goes through (issue 42).

const LISTING = {
  title: "text",
  price: "number",
  description: "text",
  featured: "flag",
  amenities: "set",
  photos: "list",
} as const;

const base = {
  title: "Duplex",
  price: "85000000",
  description: "Four bedrooms",
  featured: "",
  amenities: ["Pool", "Gym"],
  photos: ["a.jpg", "b.jpg"],
};

describe("mergeEdits", () => {
  it("keeps theirs where only they changed and takes yours where only you changed", () => {
    const theirs = { ...base, price: "90000000" };
    const mine = { ...base, description: "Four bedrooms, all en suite" };
    const merged = mergeEdits(LISTING, base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.values.price).toBe("90000000");
    expect(merged.values.description).toBe("Four bedrooms, all en suite");
    expect(merged.theirsKept).toEqual(["price"]);
    expect(merged.yoursTaken).toEqual(["description"]);
  });

  it("asks only about a field both changed to different values", () => {
    const theirs = { ...base, price: "90000000", title: "Duplex by the lagoon" };
    const mine = { ...base, price: "95000000", description: "New" };
    const merged = mergeEdits(LISTING, base, mine, theirs);
    expect(merged.conflicts).toEqual([
      { name: "price", base: "85000000", theirs: "90000000", yours: "95000000" },
    ]);
    // Undecided: theirs stays until you choose.
    expect(merged.values.price).toBe("90000000");
    expect(merged.values.title).toBe("Duplex by the lagoon");
    expect(merged.values.description).toBe("New");
  });

  it("is no conflict when both changed a field to the same value", () => {
    const theirs = { ...base, title: "Villa" };
    const mine = { ...base, title: "  Villa " };
    const merged = mergeEdits(LISTING, base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.values.title).toBe("Villa");
    expect(merged.theirsKept).toEqual([]);
  });

  it("reads a price as a number: '1,500,000' is 1500000 (no change, no conflict)", () => {
    const priced = { ...base, price: "1500000" };
    const mine = { ...priced, price: "1,500,000" };
    const theirs = { ...priced, price: "₦1 500 000" };
    const merged = mergeEdits(LISTING, priced, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.yoursTaken).toEqual([]);
    expect(merged.theirsKept).toEqual([]);
    // A real change beside a differently typed same number is still a change.
    const changed = mergeEdits(LISTING, priced, { ...priced, price: "1,600,000" }, theirs);
    expect(changed.values.price).toBe("1,600,000");
    expect(changed.yoursTaken).toEqual(["price"]);
  });

  it("counts empty, missing and null as one value", () => {
    const withNull = { ...base, description: null };
    const merged = mergeEdits(LISTING, base, base, withNull);
    // Theirs emptied the description; yours did not touch it: theirs (empty) is kept.
    expect(merged.values.description).toBe("");
    expect(merged.theirsKept).toEqual(["description"]);
    // Stored null, opened as "", posted "": nobody changed it.
    const empty = { ...base, description: "" };
    const none = mergeEdits(LISTING, empty, empty, withNull);
    expect(none.theirsKept).toEqual([]);
    expect(none.yoursTaken).toEqual([]);
    expect(sameValue("text", null, "")).toBe(true);
    expect(sameValue("text", undefined, "  ")).toBe(true);
    expect(sameValue("number", null, "")).toBe(true);
    expect(sameValue("number", "0", "")).toBe(false);
  });

  it("reads an unticked switch (not posted) as off, and 'on'/'true' as on", () => {
    const on = { ...base, featured: "on" };
    // You unticked it (the box posts nothing); they did not touch it.
    const { featured: _dropped, ...mine } = on;
    const merged = mergeEdits(LISTING, on, mine, on);
    expect(merged.values.featured).toBe("");
    expect(merged.yoursTaken).toEqual(["featured"]);
    expect(sameValue("flag", "true", "on")).toBe(true);
  });

  it("leaves a field your form did not have as theirs", () => {
    const theirs = { ...base, title: "Villa" };
    const { title: _missing, ...mine } = base;
    const merged = mergeEdits(LISTING, base, mine, theirs);
    expect(merged.values.title).toBe("Villa");
    expect(merged.conflicts).toEqual([]);
  });

  it("merges a set item by item: both people's additions and removals kept", () => {
    const theirs = { ...base, amenities: ["Pool", "Gym", "Generator"] };
    const mine = { ...base, amenities: ["Gym", "Security"] };
    const merged = mergeEdits(LISTING, base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.values.amenities).toEqual(["Gym", "Generator", "Security"]);
    // The same items in another order are no change.
    expect(sameValue("set", ["Gym", "Pool"], ["Pool", "Gym"])).toBe(true);
  });

  it("treats a list's order as its value: both reordering differently is a conflict", () => {
    expect(sameValue("list", ["a.jpg", "b.jpg"], ["b.jpg", "a.jpg"])).toBe(false);
    const theirs = { ...base, photos: ["b.jpg", "a.jpg"] };
    const mine = { ...base, photos: ["a.jpg", "b.jpg", "c.jpg"] };
    const merged = mergeEdits(LISTING, base, mine, theirs);
    expect(merged.conflicts.map((c) => c.name)).toEqual(["photos"]);
    const onlyTheirs = mergeEdits(LISTING, base, base, theirs);
    expect(onlyTheirs.values.photos).toEqual(["b.jpg", "a.jpg"]);
  });

  it("without a base, every field you sent that differs from theirs is a question", () => {
    const theirs = { ...base, price: "90000000" };
    const mine = { title: "Duplex", price: "85000000" };
    const merged = mergeEdits({ title: "text", price: "number" }, null, mine, theirs);
    expect(merged.conflicts).toEqual([
      { name: "price", base: "90000000", theirs: "90000000", yours: "85000000" },
    ]);
    expect(merged.yoursTaken).toEqual([]);
  });
});

describe("conflictRows", () => {
  it("shows the conflicts in the form's order, with a choice's words and switches as Yes/No", () => {
    const rows = conflictRows(
      {
        conflicts: [
          { name: "featured", base: "", theirs: "on", yours: "" },
          { name: "agentId", base: "", theirs: "a1", yours: "" },
        ],
      },
      { agentId: "Agent", featured: "Featured" },
      { agentId: { a1: "Ngozi", "": "The office" } },
    );
    expect(rows).toEqual([
      { name: "agentId", label: "Agent", theirs: "Ngozi", yours: "The office" },
      { name: "featured", label: "Featured", theirs: "Yes", yours: "No" },
    ]);
  });
});
