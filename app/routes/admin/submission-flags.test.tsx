import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ListingFlagsPanel, QueueFlagBadges } from "~/components/admin/listing-flags";
import { db } from "~/db/client.server";
import { properties, propertyMedia, users } from "~/db/schema";
import { saveOwnerSubmission } from "~/models/submission-owner.server";
import { createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callLoader } from "../../../tests/setup/route-calls";
import { FLAT } from "../../../tests/setup/submissions";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as editLoader } from "./property-edit";
import { loader as submissionLoader } from "./submission";
import { loader as queueLoader } from "./submissions";

// The review queue, the submission page and the property form tell the office of a photo found
// on another listing (both photos side by side, the other listing's code, title and link) and
// of a listing on offer at the same address.

await setupTestDatabase();

const PHOTO = "01".repeat(128);
/** PHOTO re-encoded: a few bits moved. */
const COPY = `1010${PHOTO.slice(4)}`;

let admin: Awaited<ReturnType<typeof createSignedInAdmin>>;
let live: { id: string; code: string };
let flagged = "";
let clean = "";

let shown: React.ReactNode = null;
function Shown() {
  return shown;
}
const Stub = createRoutesStub([{ path: "/", Component: Shown }]);

/** The HTML of `element` as the page renders it (inside a router, for its links). */
function render(element: React.ReactNode) {
  shown = element;
  return renderToString(<Stub initialEntries={["/"]} />);
}

beforeEach(async () => {
  await db.delete(properties);
  await db.delete(users);
  admin = await createSignedInAdmin("office@flags.test");
  const owner = await createSignedInUser("owner@flags.test", "Owner");
  const [row] = await db
    .insert(properties)
    .values({
      title: "Three-bedroom flat, Lekki Phase 1",
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
      address: "4 Herbert Macaulay Way",
    })
    .returning({ id: properties.id, code: properties.referenceCode });
  if (!row) throw new Error("no listing");
  live = row;
  await db.insert(propertyMedia).values({
    propertyId: live.id,
    mediaUrl: "/media/uploads/lekki.webp",
    fingerprint: PHOTO,
  });
  const copied = await saveOwnerSubmission(owner.id, {
    values: FLAT,
    photos: [{ url: "/media/uploads/sent.webp", fingerprint: COPY }],
    send: true,
  });
  const other = await saveOwnerSubmission(owner.id, {
    values: { ...FLAT, title: "Shop in Wuse", city: "Abuja" },
    photos: [{ url: "/media/uploads/wuse.webp", fingerprint: "1".repeat(128) + "0".repeat(128) }],
    send: true,
  });
  if (!copied.ok || !other.ok) throw new Error("should send");
  flagged = copied.id;
  clean = other.id;
});

describe("the review queue", () => {
  it("badges the submission with a copied photo and a taken address, and not the other", async () => {
    const queue = await callLoader<{
      rows: { id: string; flags: { copiedPhotos: number; sameUnit: number } | null }[];
    }>(queueLoader, "/admin/submissions", { cookie: admin.cookie });
    const byId = new Map(queue.body.rows.map((row) => [row.id, row.flags]));
    expect(byId.get(flagged)).toEqual({ copiedPhotos: 1, sameUnit: 1 });
    expect(byId.get(clean)).toBeNull();
    const html = render(<QueueFlagBadges flags={byId.get(flagged)} />);
    expect(html).toContain("Copied photo");
    expect(html).toContain("Same unit already listed");
    expect(render(<QueueFlagBadges flags={byId.get(clean)} />)).toBe("");
  });

  it("shows the copied photo beside the listing it was found on, on the submission's page", async () => {
    const page = await callLoader<{ flags: Parameters<typeof ListingFlagsPanel>[0]["flags"] }>(
      submissionLoader,
      `/admin/submissions/${flagged}`,
      { cookie: admin.cookie, params: { id: flagged } },
    );
    const html = render(<ListingFlagsPanel flags={page.body.flags} subject="this submission" />);
    expect(html).toContain("Possible copy: check before publishing");
    expect(html).toContain(
      "A photo of this submission looks the same as a photo of another listing.",
    );
    expect(html).toContain(`${live.code}<!-- -->: <!-- -->Three-bedroom flat, Lekki Phase 1`);
    expect(html).toContain(`href="/admin/properties/${live.id}"`);
    expect(html).toContain(`href="/r/${live.code}"`);
    // Both photos, side by side.
    expect(html).toContain('src="/media/uploads/sent.webp?w=');
    expect(html).toContain('src="/media/uploads/lekki.webp?w=');
    expect(html).toContain("4 Herbert Macaulay Way");
    const other = await callLoader<{ flags: { photoMatches: unknown[]; sameUnit: unknown[] } }>(
      submissionLoader,
      `/admin/submissions/${clean}`,
      { cookie: admin.cookie, params: { id: clean } },
    );
    expect(other.body.flags).toEqual({ photoMatches: [], sameUnit: [] });
  });

  it("shows the admin property form a photo found on another listing", async () => {
    const [copy] = await db
      .insert(properties)
      .values({
        title: "Same flat, other agent",
        propertyType: "apartment",
        category: "residential",
        city: "Lagos",
      })
      .returning({ id: properties.id, code: properties.referenceCode });
    await db.insert(propertyMedia).values({
      propertyId: copy?.id ?? "",
      mediaUrl: "/media/uploads/copy.webp",
      fingerprint: COPY,
    });
    const form = await callLoader<{ flags: Parameters<typeof ListingFlagsPanel>[0]["flags"] }>(
      editLoader,
      `/admin/properties/${live.id}`,
      { cookie: admin.cookie, params: { id: live.id } },
    );
    expect(form.body.flags.photoMatches).toMatchObject([
      {
        photoUrl: "/media/uploads/lekki.webp",
        otherPhotoUrl: "/media/uploads/copy.webp",
        listing: { code: copy?.code },
      },
    ]);
    expect(render(<ListingFlagsPanel flags={form.body.flags} subject="this listing" />)).toContain(
      "A photo of this listing looks the same as a photo of another listing.",
    );
  });

  it("is the office's: an agent cannot open the queue", async () => {
    const agent = await createSignedInAgent("agent@flags.test");
    const refused = await callLoader(queueLoader, "/admin/submissions", { cookie: agent.cookie });
    expect(refused.status).toBe(403);
  });
});
